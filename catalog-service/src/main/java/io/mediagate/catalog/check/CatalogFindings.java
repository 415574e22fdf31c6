package io.mediagate.catalog.check;

import io.mediagate.catalog.catalog.Catalog;
import io.mediagate.catalog.lifecycle.Shutdowns;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the catalog file itself says needs the operator, found without asking any provider: offers past their shutdown day
 * ({@code shut}: no longer served; take them out of the file) or within {@link #SHUTTING_DAYS} of it ({@code shutting}),
 * offers that do not say where their facts were read ({@code unsourced}), and prices read more than {@link #STALE_DAYS}
 * ago ({@code stale_price}). Our own renderers ({@code local}, {@code fake}) have no page to read and are not reported
 * unsourced.
 */
public final class CatalogFindings {
    static final int SHUTTING_DAYS = 30;
    static final int STALE_DAYS = 90;
    private static final Set<String> OWN_ADAPTERS = Set.of("local", "fake");

    private CatalogFindings() {
    }

    /** One finding: its kind, the offer's model and provider, and what to do, in words. */
    public record Finding(String kind, String model, String provider, String detail) {}

    static List<Finding> of(Catalog catalog, Instant now) {
        List<Finding> findings = new ArrayList<>();
        for (Shutdowns.Shutdown s : Shutdowns.offersDue(catalog.models(), now, SHUTTING_DAYS)) {
            String replacement = s.replacement() == null ? "no replacement named" : "replacement " + s.replacement();
            findings.add(s.daysLeft() <= 0
                    ? new Finding("shut", s.model(), s.provider(), "shut down on " + s.shutdown() + " (" + s.source() + "), " + replacement
                            + ": no longer routed; take the offer out of the catalog file")
                    : new Finding("shutting", s.model(), s.provider(), "shuts down on " + s.shutdown() + ", in " + s.daysLeft() + " days ("
                            + s.source() + "), " + replacement));
        }
        LocalDate today = LocalDate.ofInstant(now, ZoneOffset.UTC);
        for (ModelSpec m : catalog.models()) {
            for (OfferSpec o : m.offers()) {
                boolean own = catalog.provider(o.provider()).map(ProviderSpec::adapter).filter(OWN_ADAPTERS::contains).isPresent();
                if (o.source() == null) {
                    if (!own) {
                        findings.add(new Finding("unsourced", m.id(), o.provider(),
                                "no source: add source: { url: <the provider's page>, read: <the day it was read> }"));
                    }
                } else if (ChronoUnit.DAYS.between(o.source().read(), today) > STALE_DAYS) {
                    findings.add(new Finding("stale_price", m.id(), o.provider(), "prices read on " + o.source().read() + ", "
                            + ChronoUnit.DAYS.between(o.source().read(), today) + " days ago (" + o.source().url() + "): read them again"));
                }
            }
        }
        return findings;
    }
}
