package io.mediagate.routing.catalog;

import io.mediagate.common.api.WhileUnavailable;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.catalog.CatalogApiClient;
import io.mediagate.common.catalog.ModelLifecycle;
import io.mediagate.common.catalog.ResolvedModel;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads models and offers from catalog-service ({@link CatalogApi}), keeping each answer for a short while. While catalog-service is
 * unreachable (restarting, say) a model it has not answered yet is asked for again, for up to
 * {@code mediagate.outage-patience}.
 */
@ApplicationScoped
public class CatalogClient {
    private static final Duration TTL = Duration.ofSeconds(30);
    private final CatalogApi catalog;
    private final Clock clock;
    private final Duration patience;
    private final Map<String, Cached> cache = new ConcurrentHashMap<>();

    private record Cached(ResolvedModel model, Instant until) {}

    CatalogClient(InternalClients clients, @ConfigProperty(name = "mediagate.catalog.url") String base, Clock clock,
                  @ConfigProperty(name = "mediagate.outage-patience") Duration patience) {
        this.catalog = new CatalogApiClient(clients, base, CallAs.service("routing-service"));
        this.clock = clock;
        this.patience = patience;
    }

    /** The model with its offers; 404 {@code model_not_found} when the catalog does not know it. */
    public ResolvedModel resolve(String modelId) {
        String key = modelId.toLowerCase(Locale.ROOT);
        Instant now = Instant.now(clock);
        Cached hit = cache.get(key);
        if (hit != null && hit.until().isAfter(now)) {
            return hit.model();
        }
        ResolvedModel model = WhileUnavailable.retry("resolving " + key, () -> InternalHttp.await(catalog.resolve(key)),
                patience, WhileUnavailable.Pause.REAL);
        cache.put(key, new Cached(model, now.plus(TTL)));
        return model;
    }

    /** Every model whose lifecycle is announced as a whole ({@link CatalogApi#lifecycles}); asked once, failing as the catalog fails. */
    public List<ModelLifecycle> lifecycles() {
        return InternalHttp.await(catalog.lifecycles());
    }
}
