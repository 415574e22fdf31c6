package io.mediagate.gateway.limits;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Requests refused with 429, by the limit that refused them: {@code mediagate_limit_refusals_total{limit}}
 * ({@code minute}, {@code hour}, {@code day}, {@code video_minute}, {@code concurrency_image},
 * {@code concurrency_video}; media-service counts {@code storage} under the same name).
 */
@ApplicationScoped
public class LimitRefusals {
    private final MeterRegistry registry;

    LimitRefusals(MeterRegistry registry) {
        this.registry = registry;
    }

    public void count(String limit) {
        Counter.builder("mediagate.limit.refusals").description("Requests refused with 429, by limit")
                .tag("limit", limit).register(registry).increment();
    }
}
