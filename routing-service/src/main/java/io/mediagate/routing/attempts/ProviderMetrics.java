package io.mediagate.routing.attempts;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Provider calls as operators read them: {@code mediagate_provider_attempts_total{provider, outcome}} (outcome
 * {@code success} or the failure class: {@code rate_limited}, {@code transient}, {@code timeout}, …) and
 * {@code mediagate_provider_latency_seconds} as a histogram with buckets from 100 ms to 10 min. The meters of
 * each provider and outcome are built once: every generation passes here.
 */
final class ProviderMetrics implements AttemptMeter {
    private static final Duration[] BUCKETS = {Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
            Duration.ofSeconds(1), Duration.ofMillis(2500), Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30),
            Duration.ofMinutes(1), Duration.ofMinutes(2), Duration.ofMinutes(5), Duration.ofMinutes(10)};
    private final MeterRegistry registry;
    private final Map<String, Meters> meters = new ConcurrentHashMap<>();

    private record Meters(Counter attempts, Timer latency) {}

    ProviderMetrics(MeterRegistry registry) {
        this.registry = registry;
    }

    @Override
    public void record(String provider, String outcome, long millis) {
        Meters m = meters.computeIfAbsent(provider + '\n' + outcome, key -> new Meters(
                Counter.builder("mediagate.provider.attempts").description("Calls to providers by outcome")
                        .tag("provider", provider).tag("outcome", outcome).register(registry),
                Timer.builder("mediagate.provider.latency").description("Time a provider call took, by outcome")
                        .tag("provider", provider).tag("outcome", outcome).serviceLevelObjectives(BUCKETS).register(registry)));
        m.attempts().increment();
        m.latency().record(Duration.ofMillis(millis));
    }
}
