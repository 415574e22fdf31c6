package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;

/**
 * A provider's recent health as catalog-service measures it from routing's attempt outcomes:
 * success rate (null without data), median latency of successful calls, last error time, derived status.
 */
@JsonInclude(JsonInclude.Include.ALWAYS)
public record HealthSnapshot(String status, Double successRate, Long latencyP50Ms, String window, Instant lastErrorAt) {
}
