package io.mediagate.routing.providerbatches;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code mediagate_provider_batch_lines{provider, state}}: the batch lines parked for each provider's batch API, by state
 * ({@code waiting} to be sent, {@code sent} and not answered yet, {@code answered} or {@code returned} and not run yet),
 * as of the last tick.
 */
@ApplicationScoped
class ProviderBatchMetrics {
    private final MultiGauge lines;

    ProviderBatchMetrics(MeterRegistry registry) {
        this.lines = MultiGauge.builder("mediagate.provider.batch.lines").description("Batch lines parked for a provider's batch API, by state")
                .register(registry);
    }

    /** Counts the parked lines afresh. */
    void update() {
        List<Object[]> counts = QuarkusTransaction.requiringNew().call(() -> ProviderBatchItem.getEntityManager().createQuery(
                "select i.provider, i.state, count(i) from ProviderBatchItem i group by i.provider, i.state", Object[].class).getResultList());
        List<MultiGauge.Row<?>> rows = new ArrayList<>();
        for (Object[] count : counts) {
            rows.add(MultiGauge.Row.of(Tags.of("provider", (String) count[0], "state", (String) count[1]), (Long) count[2]));
        }
        lines.register(rows, true);
    }
}
