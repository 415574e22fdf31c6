package io.mediagate.gateway.edge;

import io.quarkus.runtime.Quarkus;
import io.quarkus.runtime.annotations.QuarkusMain;

/**
 * Starts the gateway. Quarkus answers a request target that {@link java.net.URI} cannot parse (such as
 * {@code /v1/%zz}) with a bare 400 before any route sees it; with that check turned off, {@link EdgeGuard}
 * makes the same check and answers in the envelope. The property must be set before the HTTP server starts.
 */
@QuarkusMain
public final class GatewayMain {
    private GatewayMain() {
    }

    public static void main(String... args) {
        System.setProperty("vertx.disableURIValidation", "true");
        Quarkus.run(args);
    }
}
