package io.mediagate.gateway.generation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import com.sun.net.httpserver.HttpExchange;
import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.gateway.FakeOwner;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * catalog-service's internal model lookup ({@link CatalogApi#resolve}) as the gateway calls it, for the models a test
 * registers. Everything else gets no answer (the connection dropped), as when catalog-service is down: what the other
 * gateway tests expect, reads relayed to it answered 503 {@code service_unavailable}.
 */
public class FakeCatalog extends FakeOwner {
    private static final ObjectMapper JSON = new ObjectMapper().registerModule(new JavaTimeModule())
            .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS);
    private static final Map<String, ResolvedModel> MODELS = new ConcurrentHashMap<>();

    /** {@code model} is resolved from now on, by its id. */
    public static void model(ResolvedModel model) {
        MODELS.put(model.model().id().toLowerCase(Locale.ROOT), model);
    }

    public FakeCatalog() {
        super("mediagate.catalog.url");
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            String path = exchange.getRequestURI().getRawPath();
            String prefix = CatalogApi.ROOT + "/";
            ResolvedModel model = path.startsWith(prefix)
                    ? MODELS.get(URLDecoder.decode(path.substring(prefix.length()), StandardCharsets.UTF_8).toLowerCase(Locale.ROOT)) : null;
            if (model == null) {
                // no answer at all, as from a catalog-service that is down: the connection is dropped
                throw new IOException("not served by this fake: " + path);
            }
            byte[] bytes = JSON.writeValueAsBytes(model);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }
}
