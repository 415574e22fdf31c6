package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * A model's (or one offer's) life at its provider, as the provider announced it: {@code deprecated} the day it was
 * announced as going, {@code shutdown} the day it stops answering (from 00:00 UTC), {@code replacement} the model the
 * provider names in its place (a catalog model id) and {@code source} the page that says so. Each may be absent but
 * {@code source}, which the catalog requires with any date.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Lifecycle(LocalDate deprecated, LocalDate shutdown, String replacement, String source) {
    /** The instant the model stops answering, or null when no shutdown is announced. */
    public Instant sunset() {
        return shutdown == null ? null : shutdown.atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** Whether the provider no longer serves it at {@code now}. */
    public boolean shutAt(Instant now) {
        return shutdown != null && !now.isBefore(sunset());
    }

    /** Whether, at {@code now}, it is announced as going and still served: deprecated, or with a shutdown date ahead. */
    public boolean deprecatedAt(Instant now) {
        return !shutAt(now) && (shutdown != null || deprecated != null && !now.isBefore(deprecated.atStartOfDay(ZoneOffset.UTC).toInstant()));
    }

    /** Its status at {@code now}: {@code retired}, {@code deprecated} or {@code active}. */
    public String status(Instant now) {
        return shutAt(now) ? "retired" : deprecatedAt(now) ? "deprecated" : "active";
    }
}
