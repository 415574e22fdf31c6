package io.mediagate.pipeline.worker;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * One stage's work as operators read it: {@code mediagate_pipeline_stage_seconds{stage, outcome}} (a histogram;
 * outcome {@code done}, {@code failed} or {@code cancelled}), {@code mediagate_pipeline_stage_retries_total},
 * {@code mediagate_pipeline_outage_waits_total} (tries put off because a service the stage needs was unavailable) and
 * {@code mediagate_pipeline_dead_letters_total}. The stage's consumer lag is Kafka's own
 * {@code kafka_consumer_fetch_manager_records_lag_max}, bound per consumer in {@link Workers}.
 */
final class StageMetrics {
    private static final Duration[] BUCKETS = {Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1),
            Duration.ofSeconds(2), Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30), Duration.ofMinutes(1),
            Duration.ofMinutes(2), Duration.ofMinutes(5), Duration.ofMinutes(10)};
    private final Map<String, Timer> timers = new HashMap<>();
    private final Counter retries;
    private final Counter deadLetters;
    private final Counter outageWaits;

    StageMetrics(MeterRegistry registry, String stage) {
        this.retries = Counter.builder("mediagate.pipeline.stage.retries").description("Tries of a stage repeated after a failure")
                .tag("stage", stage).register(registry);
        this.deadLetters = Counter.builder("mediagate.pipeline.dead.letters").description("Messages a stage gave up on")
                .tag("stage", stage).register(registry);
        this.outageWaits = Counter.builder("mediagate.pipeline.outage.waits")
                .description("Tries put off because a service the stage needs was unavailable").tag("stage", stage).register(registry);
        // Every series from the start, so rates and alerts see zeros rather than nothing.
        for (String outcome : new String[] {"done", "failed", "cancelled"}) {
            timers.put(outcome, Timer.builder("mediagate.pipeline.stage").description("Time one message took in a stage, by outcome")
                    .tag("stage", stage).tag("outcome", outcome).serviceLevelObjectives(BUCKETS).register(registry));
        }
    }

    /**
     * A message begun at {@code startedNanos} ({@link System#nanoTime()}) ended {@code done}, {@code failed} or
     * {@code cancelled}; returns how long it took.
     */
    Duration ended(String outcome, long startedNanos) {
        Duration took = Duration.ofNanos(System.nanoTime() - startedNanos);
        timers.get(outcome).record(took);
        return took;
    }

    void retried() {
        retries.increment();
    }

    void waitedOut() {
        outageWaits.increment();
    }

    void deadLettered() {
        deadLetters.increment();
    }
}
