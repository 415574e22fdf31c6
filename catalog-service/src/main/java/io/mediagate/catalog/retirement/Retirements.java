package io.mediagate.catalog.retirement;

import io.mediagate.common.catalog.Retirement;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;

/**
 * The retired offers: learned from routing's {@code gone} attempts and from the catalog check, shown by
 * {@code /v1/models} and {@code /v1/providers} and handed to routing with each model. The check that finds a model in
 * its provider's listing again reinstates its offers. Held in memory by every replica alike (each reads every
 * attempt); a restarted replica relearns a retirement from the next {@code gone} answer or check.
 */
@ApplicationScoped
public class Retirements {
    private static final Logger LOG = Logger.getLogger(Retirements.class);
    private final Map<String, Retirement> retired = new ConcurrentHashMap<>();

    /** Retires the offer; an offer already retired keeps its first reason and time. */
    public void retire(Retirement retirement) {
        if (retired.putIfAbsent(retirement.key(), retirement) == null) {
            LOG.warnf("offer of %s at %s retired: %s", retirement.model(), retirement.provider(), retirement.reason());
        }
    }

    /** Puts the offer back into routing; true when it was retired. */
    public boolean reinstate(String model, String provider) {
        boolean was = retired.remove(Retirement.key(model, provider)) != null;
        if (was) {
            LOG.infof("offer of %s at %s reinstated", model, provider);
        }
        return was;
    }

    public Optional<Retirement> of(String model, String provider) {
        return Optional.ofNullable(retired.get(Retirement.key(model, provider)));
    }

    /** The retired offers of a provider, by model id. */
    public List<Retirement> ofProvider(String provider) {
        return retired.values().stream().filter(r -> r.provider().equals(provider))
                .sorted(Comparator.comparing(Retirement::model)).toList();
    }
}
