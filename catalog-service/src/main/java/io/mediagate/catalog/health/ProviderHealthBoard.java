package io.mediagate.catalog.health;

import io.mediagate.common.catalog.HealthSnapshot;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Every provider's health window; a disabled provider always reads {@code disabled}. */
@ApplicationScoped
public class ProviderHealthBoard {
    private final Map<String, HealthWindow> windows = new ConcurrentHashMap<>();
    private final Clock clock;

    ProviderHealthBoard(Clock clock) {
        this.clock = clock;
    }

    public void record(String provider, Instant at, boolean success, long latencyMs, FailureClass failure) {
        windows.computeIfAbsent(provider, p -> new HealthWindow()).record(at, success, latencyMs, failure);
    }

    public HealthSnapshot of(ProviderSpec provider) {
        HealthSnapshot s = windows.computeIfAbsent(provider.id(), p -> new HealthWindow()).snapshot(clock);
        return provider.enabled() ? s : s.withStatus("disabled");
    }
}
