package io.mediagate.gateway;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.Executors;

/**
 * One owner service the gateway calls, faked for its tests: an HTTP server on a free loopback port, each request on a
 * virtual thread, whose address the gateway is given as {@code property}. A fake answers in {@link #handle}.
 */
public abstract class FakeOwner implements QuarkusTestResourceLifecycleManager {
    private final String property;
    private HttpServer server;

    protected FakeOwner(String property) {
        this.property = property;
    }

    /** Answers one request. */
    protected abstract void handle(HttpExchange exchange) throws IOException;

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::handle);
        server.start();
        return Map.of(property, "http://127.0.0.1:" + server.getAddress().getPort());
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
