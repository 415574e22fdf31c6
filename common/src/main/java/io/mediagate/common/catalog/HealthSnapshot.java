package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.Map;

/**
 * A provider's recent health as catalog-service measures it from routing's attempt outcomes:
 * success rate (null without data), median and 95th-percentile latency of successful calls, last error time and its
 * failure class, the failures of the window counted by class ({@code credentials}, {@code quota},
 * {@code rate_limited}, {@code transient}, {@code timeout}), derived status.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record HealthSnapshot(String status, Double successRate, Long latencyP50Ms, Long latencyP95Ms, String window, Instant lastErrorAt,
                             String lastErrorClass, Map<String, Long> failures) {
    public HealthSnapshot {
        failures = failures == null ? Map.of() : failures;
    }

    /** The same figures under another status (a disabled provider keeps its history). */
    public HealthSnapshot withStatus(String newStatus) {
        return new HealthSnapshot(newStatus, successRate, latencyP50Ms, latencyP95Ms, window, lastErrorAt, lastErrorClass, failures);
    }
}
