package io.mediagate.routing.providers.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A real HTTP server on loopback playing a provider: each fake registers handlers by method and path
 * prefix and answers in the provider's wire format. Every request is recorded for assertions.
 */
public final class FakeUpstream implements AutoCloseable {
    static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;
    private final List<Recorded> received = new CopyOnWriteArrayList<>();
    private final Map<String, Handler> handlers = new LinkedHashMap<>();
    /** Asynchronous jobs the fake holds, by id. */
    public final Map<String, Job> jobs = new ConcurrentHashMap<>();
    private final AtomicInteger ids = new AtomicInteger();
    private volatile Reply everything;

    /** One request as it arrived: {@code path} decoded, {@code rawPath} as sent. */
    public record Recorded(String method, String path, String query, Map<String, List<String>> headers, byte[] body, String rawPath) {
        public String header(String name) {
            return headers.entrySet().stream().filter(e -> e.getKey().equalsIgnoreCase(name)).map(e -> e.getValue().getFirst())
                    .findFirst().orElse(null);
        }

        public JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                return null;
            }
        }

        public String text() {
            return new String(body, StandardCharsets.UTF_8);
        }
    }

    /** An answer. */
    public record Reply(int status, String contentType, byte[] body, Map<String, String> headers) {
        public static Reply json(int status, Object body) {
            try {
                return new Reply(status, "application/json", JSON.writeValueAsBytes(body), Map.of());
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }

        public static Reply raw(int status, String contentType, byte[] body) {
            return new Reply(status, contentType, body, Map.of());
        }

        public Reply with(String header, String value) {
            Map<String, String> h = new LinkedHashMap<>(headers);
            h.put(header, value);
            return new Reply(status, contentType, body, h);
        }
    }

    /** A job the fake runs: its scenario and how many times it was polled. */
    public static final class Job {
        public final String id;
        public final Scenario scenario;
        public final AtomicInteger polls = new AtomicInteger();
        public volatile boolean cancelled;
        public final Map<String, Object> facts = new ConcurrentHashMap<>();

        Job(String id, Scenario scenario) {
            this.id = id;
            this.scenario = scenario;
        }
    }

    @FunctionalInterface
    public interface Handler {
        Reply handle(Recorded request) throws Exception;
    }

    public FakeUpstream() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/", this::serve);
        server.start();
    }

    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    private volatile String linksTo;

    /**
     * The origin the fake's answers name in the URLs they hand out (polling, status, results): its own, unless a test
     * points them elsewhere ({@link #linkTo}), as a hostile provider would.
     */
    public String link() {
        String to = linksTo;
        return to == null ? url() : to;
    }

    /** From now on the URLs the fake hands out name {@code origin} instead of the fake itself. */
    public void linkTo(String origin) {
        linksTo = origin;
    }

    /** Answers {@code method} requests whose path starts with {@code prefix} (the longest matching prefix wins). */
    public FakeUpstream on(String method, String prefix, Handler handler) {
        handlers.put(method + " " + prefix, handler);
        return this;
    }

    /** From now on every call is answered {@code reply}, whatever its path (a provider that no longer has the model). */
    public void answerAll(Reply reply) {
        everything = reply;
    }

    public Job newJob(Scenario scenario) {
        Job job = new Job("job" + ids.incrementAndGet(), scenario);
        jobs.put(job.id, job);
        return job;
    }

    public List<Recorded> received() {
        return List.copyOf(received);
    }

    public boolean receivedAny(String method, String pathPart) {
        return received.stream().anyMatch(r -> r.method().equals(method) && r.path().contains(pathPart));
    }

    private void serve(HttpExchange exchange) throws IOException {
        URI uri = exchange.getRequestURI();
        Recorded request = new Recorded(exchange.getRequestMethod(), uri.getPath(), uri.getRawQuery(),
                Map.copyOf(exchange.getRequestHeaders()), exchange.getRequestBody().readAllBytes(), uri.getRawPath());
        received.add(request);
        Handler handler = handlers.entrySet().stream()
                .filter(e -> (request.method() + " " + request.path()).startsWith(e.getKey()))
                .max(java.util.Comparator.comparingInt(e -> e.getKey().length())).map(Map.Entry::getValue).orElse(null);
        Reply reply;
        try {
            reply = everything != null ? everything : handler == null ? Reply.json(404, Map.of("detail", "Not Found")) : handler.handle(request);
        } catch (Exception e) {
            reply = Reply.json(500, Map.of("detail", "fake failed: " + e));
        }
        reply.headers().forEach((k, v) -> exchange.getResponseHeaders().add(k, v));
        if (reply.contentType() != null) {
            exchange.getResponseHeaders().add("Content-Type", reply.contentType());
        }
        exchange.sendResponseHeaders(reply.status(), reply.body().length == 0 ? -1 : reply.body().length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(reply.body());
        }
    }

    /** Waits past any sane call timeout: what a provider that never answers looks like. */
    public static Reply hang() throws InterruptedException {
        Thread.sleep(30_000);
        return Reply.json(504, Map.of());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
