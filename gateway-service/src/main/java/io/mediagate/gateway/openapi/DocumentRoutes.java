package io.mediagate.gateway.openapi;

import io.vertx.ext.web.Router;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * {@code /v1/openapi.json}: the API reference as JSON at a file-like address, for tools that want one
 * (the document itself is served by the OpenAPI extension at {@code /v1/openapi}).
 */
@ApplicationScoped
class DocumentRoutes {
    void routes(@Observes Router router) {
        router.get("/v1/openapi.json").handler(ctx -> {
            ctx.request().headers().set("Accept", "application/json");
            ctx.reroute("/v1/openapi?format=json");
        });
    }
}
