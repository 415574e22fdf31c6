package io.mediagate.routing.retirement;

import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.catalog.Retirement;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.ranking.Candidate;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The offers routing must not call: those the catalog reports retired ({@link ResolvedModel#retired()}), those past
 * their lifecycle's shutdown day, and those this replica has just seen answer {@code gone}, at once, before the catalog
 * has learned of it from the finished job's attempts. A local retirement lapses when the catalog knows it (the catalog then decides, and its next check
 * may reinstate the offer) or after {@code mediagate.routing.retired-for} at the latest.
 */
@ApplicationScoped
public class RetiredOffers {
    private static final Logger LOG = Logger.getLogger(RetiredOffers.class);
    private final Map<String, Retirement> local = new ConcurrentHashMap<>();
    private final Clock clock;
    private final Duration keepFor;

    @Inject
    public RetiredOffers(Clock clock, @ConfigProperty(name = "mediagate.routing.retired-for", defaultValue = "1h") Duration keepFor) {
        this.clock = clock;
        this.keepFor = keepFor;
    }

    /** Retires the model's offer at the provider here, now. */
    public void retire(String model, String provider, String reason) {
        Retirement r = new Retirement(model, provider, reason, clock.instant());
        if (local.putIfAbsent(r.key(), r) == null) {
            LOG.warnf("offer of %s at %s retired: %s", model, provider, reason);
        }
    }

    /** The retirement of the model's offer at {@code provider}, the catalog's first, or empty while it may be routed to. */
    public Optional<Retirement> of(ResolvedModel resolved, String provider) {
        Retirement known = resolved.retired().get(provider);
        String key = Retirement.key(resolved.model().id(), provider);
        if (known != null) {
            local.remove(key);
            return Optional.of(known);
        }
        Retirement mine = local.get(key);
        if (mine != null && mine.at().plus(keepFor).isBefore(clock.instant())) {
            local.remove(key, mine);
            return Optional.empty();
        }
        return Optional.ofNullable(mine);
    }

    /**
     * The resolved model with every retired offer in its {@code retired}: the catalog's, this replica's, and those whose
     * lifecycle has reached its shutdown day ({@link RetiredModel#shut}), which are never called again.
     */
    public ResolvedModel merged(ResolvedModel resolved) {
        Map<String, Retirement> all = new java.util.HashMap<>();
        Instant now = clock.instant();
        for (var offer : resolved.model().offers()) {
            of(resolved, offer.provider()).or(() -> RetiredModel.shut(resolved.model(), offer, now))
                    .ifPresent(r -> all.putIfAbsent(offer.provider(), r));
        }
        return all.isEmpty() && resolved.retired().isEmpty() ? resolved : new ResolvedModel(resolved.model(), resolved.providers(),
                resolved.catalogProviders(), resolved.health(), Map.copyOf(all));
    }

    /** {@code call} as it is, retiring the candidate's offer of {@code model} when the provider answers it is gone. */
    public <T> Function<Candidate, T> watching(String model, Function<Candidate, T> call) {
        return candidate -> {
            try {
                return call.apply(candidate);
            } catch (ProviderException e) {
                if (e.failure() == FailureClass.GONE) {
                    retire(model, candidate.providerId(), e.getMessage());
                }
                throw e;
            }
        };
    }
}
