package io.mediagate.gateway.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import io.mediagate.gateway.FakeOwner;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * routing-service's jobs as the gateway calls them ({@code GET /v1/jobs/{id}} and the long poll of
 * {@code GET /v1/jobs/{id}/events}), for the jobs a test registers: the caller's visibility from the internal token's
 * subject, events numbered per job, long polls answered when an event comes or the job ends, and {@code ended} as routing
 * says it. Everything else is a bare 503, as when routing is down (what the other gateway tests expect).
 */
public class FakeRouting extends FakeOwner {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern JOB = Pattern.compile("/v1/jobs/(job_[A-Za-z0-9]+)(/events)?");
    private static final Map<String, Job> JOBS = new ConcurrentHashMap<>();

    /** One job: its owner, its events (each a JSON object of its fields), whether it ended, and the polls it was asked. */
    public static final class Job {
        final String owner;
        final List<ObjectNode> events = new ArrayList<>();
        boolean finished;
        final AtomicInteger polls = new AtomicInteger();

        Job(String owner) {
            this.owner = owner;
        }

        /** Records an event of {@code kind} with {@code data}; a terminal kind ends the job. */
        public synchronized Job add(String kind, Map<String, ?> data) {
            ObjectNode event = JSON.createObjectNode();
            event.put("id", events.size() + 1);
            event.put("event", kind);
            event.put("at", Instant.now().toString());
            event.set("data", JSON.valueToTree(data));
            events.add(event);
            finished = finished || List.of("completed", "failed", "cancelled").contains(kind);
            notifyAll();
            return this;
        }

        public int polls() {
            return polls.get();
        }

        synchronized JsonNode page(long after, long waitMs) throws InterruptedException {
            long until = System.currentTimeMillis() + waitMs;
            while (events.size() <= after && !finished && System.currentTimeMillis() < until) {
                wait(Math.max(1, until - System.currentTimeMillis()));
            }
            ArrayNode page = JSON.createArrayNode();
            for (int i = (int) Math.min(after, events.size()); i < events.size() && page.size() < 200; i++) {
                page.add(events.get(i));
            }
            ObjectNode result = JSON.createObjectNode();
            result.set("events", page);
            long last = page.isEmpty() ? after : page.get(page.size() - 1).path("id").asLong();
            result.put("ended", finished && last >= events.size());
            return result;
        }

        synchronized JsonNode view(String id) {
            ObjectNode job = JSON.createObjectNode();
            job.put("id", id);
            job.put("kind", "video");
            job.put("status", finished ? "succeeded" : "running");
            job.put("progress", 0);
            job.put("createdAt", Instant.now().toString());
            ObjectNode result = JSON.createObjectNode();
            result.set("job", job);
            return result;
        }
    }

    /** A new job of account {@code owner}, known to this routing from now on. */
    public static Job job(String id, String owner) {
        Job job = new Job(owner);
        JOBS.put(id, job);
        return job;
    }

    public FakeRouting() {
        super("mediagate.routing.url");
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            Matcher m = JOB.matcher(exchange.getRequestURI().getPath());
            Job job = m.matches() && "GET".equals(exchange.getRequestMethod()) ? JOBS.get(m.group(1)) : null;
            if (job == null) {
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            if (!job.owner.equals(subject(exchange.getRequestHeaders().getFirst("Authorization")))) {
                answer(exchange, 404, error());
                return;
            }
            if (m.group(2) == null) {
                answer(exchange, 200, envelope(job.view(m.group(1))));
                return;
            }
            job.polls.incrementAndGet();
            Map<String, String> query = query(exchange.getRequestURI().getRawQuery());
            answer(exchange, 200, envelope(job.page(Long.parseLong(query.getOrDefault("after", "0")),
                    Long.parseLong(query.getOrDefault("wait", "0")))));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String subject(String authorization) {
        try {
            String payload = authorization.substring("Bearer ".length()).split("\\.")[1];
            return JSON.readTree(Base64.getUrlDecoder().decode(payload)).path("sub").asText();
        } catch (RuntimeException | IOException e) {
            return null;
        }
    }

    private static Map<String, String> query(String raw) {
        Map<String, String> values = new ConcurrentHashMap<>();
        if (raw != null) {
            for (String pair : raw.split("&")) {
                String[] kv = pair.split("=", 2);
                values.put(kv[0], kv.length > 1 ? kv[1] : "");
            }
        }
        return values;
    }

    private static JsonNode envelope(JsonNode result) {
        ObjectNode body = JSON.createObjectNode();
        body.put("success", true);
        body.set("result", result);
        return body;
    }

    private static JsonNode error() {
        ObjectNode body = JSON.createObjectNode();
        body.put("success", false);
        body.put("message", "no such job");
        body.put("code", "not_found");
        body.putNull("param");
        return body;
    }

    private static void answer(HttpExchange exchange, int status, JsonNode body) throws IOException {
        byte[] bytes = JSON.writeValueAsBytes(body);
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }
}
