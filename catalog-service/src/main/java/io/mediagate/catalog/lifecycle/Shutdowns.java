package io.mediagate.catalog.lifecycle;

import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The shutdowns the catalog announces, seen from an instant: a model's as a whole ({@link ModelSpec#overallLifecycle}),
 * and an offer's own where its provider retires it apart from the model. What the administrator's list of models shutting
 * soon shows, and what the catalog check reports of each offer.
 */
public final class Shutdowns {
    private Shutdowns() {
    }

    /**
     * A shutdown: the model, its display name, the provider whose offer it concerns (null: the model as a whole), the
     * lifecycle's dates, replacement and page, and the days from {@code now}'s day to the shutdown day (negative once past).
     */
    public record Shutdown(String model, String displayName, String provider, LocalDate deprecated, LocalDate shutdown,
                           String replacement, String source, long daysLeft) {
        static Shutdown of(ModelSpec m, String provider, Lifecycle l, Instant now) {
            return new Shutdown(m.id(), m.displayName(), provider, l.deprecated(), l.shutdown(), l.replacement(), l.source(),
                    ChronoUnit.DAYS.between(LocalDate.ofInstant(now, ZoneOffset.UTC), l.shutdown()));
        }
    }

    /**
     * The models (and offers shutting apart from their model) not shut yet at {@code now} whose shutdown is within
     * {@code days} of it, soonest first.
     */
    public static List<Shutdown> ahead(List<ModelSpec> models, Instant now, int days) {
        Instant until = now.plus(days, ChronoUnit.DAYS);
        List<Shutdown> ahead = new ArrayList<>();
        for (ModelSpec m : models) {
            Lifecycle overall = m.overallLifecycle();
            if (within(overall, now, until)) {
                ahead.add(Shutdown.of(m, null, overall, now));
            }
            for (OfferSpec o : m.offers()) {
                Lifecycle own = o.lifecycle();
                if (within(own, now, until) && (overall == null || !own.shutdown().equals(overall.shutdown()))) {
                    ahead.add(Shutdown.of(m, o.provider(), own, now));
                }
            }
        }
        ahead.sort(Comparator.comparing(Shutdown::shutdown).thenComparing(Shutdown::model));
        return ahead;
    }

    /** Each offer whose lifecycle ({@link ModelSpec#lifecycleOf}) shuts before {@code days} from {@code now}, or has shut. */
    public static List<Shutdown> offersDue(List<ModelSpec> models, Instant now, int days) {
        Instant until = now.plus(days, ChronoUnit.DAYS);
        List<Shutdown> due = new ArrayList<>();
        for (ModelSpec m : models) {
            for (OfferSpec o : m.offers()) {
                Lifecycle life = m.lifecycleOf(o);
                if (life != null && life.sunset() != null && !life.sunset().isAfter(until)) {
                    due.add(Shutdown.of(m, o.provider(), life, now));
                }
            }
        }
        due.sort(Comparator.comparing(Shutdown::shutdown).thenComparing(Shutdown::model));
        return due;
    }

    private static boolean within(Lifecycle l, Instant now, Instant until) {
        return l != null && l.sunset() != null && l.sunset().isAfter(now) && !l.sunset().isAfter(until);
    }
}
