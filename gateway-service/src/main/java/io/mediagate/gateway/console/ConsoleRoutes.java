package io.mediagate.gateway.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * Serves the web console at {@code /console/} ({@code /} and {@code /console} redirect there). The console
 * is static: it calls the public API from the browser with the key the user signs in with, so it is held to
 * the same limits and visibility rules as any other client. Its assets are named by content hash and cached
 * for good; the page is revalidated on every visit and forbids any script but its own.
 */
@ApplicationScoped
public class ConsoleRoutes {
    private static final String IMMUTABLE = "public, max-age=31536000, immutable";
    private final ObjectMapper json;

    ConsoleRoutes(ObjectMapper json) {
        this.json = json;
    }

    void install(@Observes Router router) {
        ConsoleAssets assets = new ConsoleAssets(Thread.currentThread().getContextClassLoader(), json);
        String policy = String.join("; ",
                "default-src 'self'",
                "script-src 'self' 'sha256-" + assets.importMapHash() + "'",
                "style-src 'self'",
                // media and the signed upload address may live on a CDN or the object store's own host
                "img-src 'self' data: blob: http: https:",
                "media-src 'self' blob: http: https:",
                "connect-src 'self' http: https:",
                "worker-src 'self' blob:",
                "object-src 'none'",
                "base-uri 'none'",
                "form-action 'self'",
                "frame-ancestors 'none'");
        router.route("/").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(ctx -> redirect(ctx, "/console/"));
        // Vert.x lets a route for "/console" match "/console/" too: the one handler tells them apart.
        router.route("/console").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(ctx -> {
            if (!ctx.request().path().endsWith("/")) {
                redirect(ctx, "/console/");
                return;
            }
            HttpServerResponse response = secured(ctx.response())
                    .putHeader("Content-Type", "text/html; charset=utf-8")
                    .putHeader("Cache-Control", "no-cache")
                    .putHeader("Content-Security-Policy", policy);
            send(ctx, response, Buffer.buffer(assets.page()));
        });
        router.route("/console/assets/:name").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(ctx ->
                assets.asset(ctx.pathParam("name")).ifPresentOrElse(
                        asset -> send(ctx, secured(ctx.response())
                                .putHeader("Content-Type", asset.contentType())
                                .putHeader("Cache-Control", IMMUTABLE)
                                .putHeader("ETag", "\"" + asset.name() + "\""), Buffer.buffer(asset.body())),
                        ctx::next));
    }

    private static HttpServerResponse secured(HttpServerResponse response) {
        return response.putHeader("X-Content-Type-Options", "nosniff")
                .putHeader("Referrer-Policy", "no-referrer");
    }

    private static void send(RoutingContext ctx, HttpServerResponse response, Buffer body) {
        if (ctx.request().method() == HttpMethod.HEAD) {
            response.putHeader("Content-Length", String.valueOf(body.length())).end();
        } else {
            response.end(body);
        }
    }

    private static void redirect(RoutingContext ctx, String to) {
        ctx.response().setStatusCode(302).putHeader("Location", to).putHeader("Cache-Control", "no-cache").end();
    }
}
