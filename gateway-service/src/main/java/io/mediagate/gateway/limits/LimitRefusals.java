package io.mediagate.gateway.limits;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Requests refused with 429, by the limit that refused them: {@code mediagate_limit_refusals_total{limit}}
 * ({@code minute}, {@code hour}, {@code day}, {@code video_minute}, {@code concurrency_image},
 * {@code concurrency_video}; media-service counts {@code storage} under the same name). A counter per limit
 * is built once: refusals come in bursts.
 */
@ApplicationScoped
public class LimitRefusals {
    private final MeterRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();

    LimitRefusals(MeterRegistry registry) {
        this.registry = registry;
    }

    public void count(String limit) {
        counters.computeIfAbsent(limit, l -> Counter.builder("mediagate.limit.refusals").description("Requests refused with 429, by limit")
                .tag("limit", l).register(registry)).increment();
    }
}
