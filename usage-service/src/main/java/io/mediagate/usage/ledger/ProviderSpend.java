package io.mediagate.usage.ledger;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * What the providers have been paid for, as {@code mediagate_provider_spend_usd_total{provider, media}}:
 * each charge the ledger books adds its price once (failed generations cost nothing and add zero).
 */
@ApplicationScoped
public class ProviderSpend {
    private final MeterRegistry registry;

    ProviderSpend(MeterRegistry registry) {
        this.registry = registry;
    }

    void add(Charge charge) {
        Counter.builder("mediagate.provider.spend").baseUnit("usd")
                .description("Spend at each provider, in US dollars, from the charges booked")
                .tag("provider", charge.provider == null ? "none" : charge.provider)
                .tag("media", charge.kind)
                .register(registry)
                .increment(charge.price == null ? 0 : charge.price.doubleValue());
    }
}
