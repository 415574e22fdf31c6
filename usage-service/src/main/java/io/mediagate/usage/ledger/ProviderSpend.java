package io.mediagate.usage.ledger;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the providers have been paid for, as {@code mediagate_provider_spend_usd_total{provider, media}}:
 * each charge the ledger books adds its price once (failed generations cost nothing and add zero), and each failed
 * attempt its provider bills all the same ({@link LostAttempt}) adds what it bills. The
 * counter of each provider and media kind is built once: every booked job passes here.
 */
@ApplicationScoped
public class ProviderSpend {
    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    ProviderSpend(MeterRegistry registry) {
        this.registry = registry;
    }

    void add(String providerId, String kind, java.math.BigDecimal amount) {
        String provider = providerId == null ? "none" : providerId;
        counters.computeIfAbsent(provider + '\n' + kind, key -> Counter.builder("mediagate.provider.spend").baseUnit("usd")
                        .description("Spend at each provider, in US dollars, from the charges and the billed failed attempts booked")
                        .tag("provider", provider).tag("media", kind).register(registry))
                .increment(amount == null ? 0 : amount.doubleValue());
    }
}
