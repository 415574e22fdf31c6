package io.mediagate.routing.batches;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code mediagate_batch_lines{batch, state}}: each open batch's lines that are {@code queued} (not dispatched yet),
 * {@code running} (their jobs under way) and {@code done}, as of the last tick; a batch's series go when it ends.
 */
@ApplicationScoped
class BatchMetrics {
    private static final Map<String, String> STATES = Map.of(BatchLineRecord.PENDING, "queued", BatchLineRecord.QUEUED, "running",
            BatchLineRecord.SUCCEEDED, "done", BatchLineRecord.FAILED, "done", BatchLineRecord.CANCELLED, "done");
    private final MultiGauge lines;

    BatchMetrics(MeterRegistry registry) {
        this.lines = MultiGauge.builder("mediagate.batch.lines").description("Lines of each open batch, by state").register(registry);
    }

    /** Counts the lines of {@code open} batches afresh. */
    void update(List<String> open) {
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        if (!open.isEmpty()) {
            List<Object[]> counts = QuarkusTransaction.requiringNew().call(() -> BatchLineRecord.getEntityManager().createQuery(
                    "select l.batchId, l.status, count(l) from BatchLineRecord l where l.batchId in :open group by l.batchId, l.status",
                    Object[].class).setParameter("open", open).getResultList());
            Map<String, Map<String, Long>> byBatch = new java.util.HashMap<>();
            for (Object[] count : counts) {
                byBatch.computeIfAbsent((String) count[0], b -> new java.util.HashMap<>())
                        .merge(STATES.getOrDefault((String) count[1], "done"), (Long) count[2], Long::sum);
            }
            for (String batch : open) {
                Map<String, Long> states = byBatch.getOrDefault(batch, Map.of());
                for (String state : List.of("queued", "running", "done")) {
                    rows.add(MultiGauge.Row.of(Tags.of("batch", batch, "state", state), states.getOrDefault(state, 0L)));
                }
            }
        }
        lines.register(rows, true);
    }
}
