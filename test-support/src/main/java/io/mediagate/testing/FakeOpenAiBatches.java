package io.mediagate.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * OpenAI's Files and Batch API as {@link FakeOpenAiImages} speaks it, written from OpenAI's OpenAPI document and SDK types:
 * {@code POST /v1/files} (multipart: {@code file}, {@code purpose} one of OpenAI's purposes, {@code batch} for a batch's
 * input), {@code GET /v1/files/{id}/content}, {@code POST /v1/batches} ({@code input_file_id}, {@code endpoint} one of
 * OpenAI's, {@code completion_window} {@code "24h"} only, {@code metadata} of at most 16 pairs), {@code GET /v1/batches}
 * ({@code limit} 1–100, {@code after}; newest first), {@code GET /v1/batches/{id}}, {@code POST /v1/batches/{id}/cancel}.
 * A batch is {@code validating}, then {@code in_progress} while the test holds it ({@link #hold}), and on the next look after
 * it is let go its lines are made as the images endpoint would answer them, the 200s in the output file and the others in
 * the error file ({@code {id, custom_id, response: {status_code, request_id, body}, error: null}}); a file whose lines are
 * not requests of the batch's endpoint, or whose {@code custom_id}s repeat, fails validation ({@code failed}, {@code errors}).
 * {@link #expire} ends the batches made so far {@code expired} with no line made.
 */
public final class FakeOpenAiBatches {
    /** An answer of the images endpoint: its status and JSON body. */
    public record Response(int status, String body) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> PURPOSES = Set.of("assistants", "batch", "fine-tune", "vision", "user_data", "evals");
    private static final Set<String> ENDPOINTS = Set.of("/v1/responses", "/v1/chat/completions", "/v1/embeddings", "/v1/completions",
            "/v1/moderations", "/v1/images/generations", "/v1/images/edits", "/v1/videos");
    private static final Pattern ONE = Pattern.compile("/v1/batches/([^/]+)(/cancel)?");
    private static final Pattern CONTENT = Pattern.compile("/v1/files/([^/]+)/content");
    private final Function<JsonNode, Response> images;
    private final Supplier<String> requiredKey;
    private final Map<String, byte[]> files = new ConcurrentHashMap<>();
    private final Map<String, ObjectNode> batches = new LinkedHashMap<>();
    private final List<JsonNode> created = new CopyOnWriteArrayList<>();
    private volatile boolean held;
    private final java.util.concurrent.atomic.AtomicLong answerCreateAfter = new java.util.concurrent.atomic.AtomicLong();
    private final Set<String> expiring = ConcurrentHashMap.newKeySet();

    FakeOpenAiBatches(HttpServer server, Function<JsonNode, Response> images, Supplier<String> requiredKey) {
        this.images = images;
        this.requiredKey = requiredKey;
        server.createContext("/v1/files", this::files);
        server.createContext("/v1/batches", this::batches);
    }

    /** While held, a batch stays {@code in_progress}; let go, it completes on its next look. */
    public FakeOpenAiBatches hold(boolean hold) {
        this.held = hold;
        return this;
    }

    /** The batches made so far that have not completed end {@code expired} on their next look, nothing made. */
    public synchronized FakeOpenAiBatches expire() {
        expiring.addAll(batches.keySet());
        return this;
    }

    /**
     * The next {@code POST /v1/batches} makes its batch at once but answers only after {@code millis}: a caller killed in
     * between has made a batch whose id it never learnt (what a crash between submission and recording looks like).
     */
    public FakeOpenAiBatches answerNextCreateAfter(long millis) {
        answerCreateAfter.set(millis);
        return this;
    }

    /** The bodies of every {@code POST /v1/batches} this fake accepted. */
    public List<JsonNode> created() {
        return List.copyOf(created);
    }

    /** The batches as they stand now, in the order they were made. */
    public synchronized List<JsonNode> list() {
        return batches.values().stream().map(b -> (JsonNode) b.deepCopy()).toList();
    }

    /** The lines of a batch's input file, as they were uploaded. */
    public List<JsonNode> lines(JsonNode batch) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : new String(files.get(batch.path("input_file_id").asText()), StandardCharsets.UTF_8).split("\n")) {
            if (!line.isBlank()) {
                lines.add(JSON.readTree(line));
            }
        }
        return lines;
    }

    private boolean authorized(HttpExchange ex) throws IOException {
        String key = requiredKey.get();
        if (key != null && !("Bearer " + key).equals(ex.getRequestHeaders().getFirst("Authorization"))) {
            FakeOpenAiImages.send(ex, 401, FakeOpenAiImages.errorBody("Incorrect API key provided.", "invalid_request_error", null, "invalid_api_key"));
            return false;
        }
        return true;
    }

    private void files(HttpExchange ex) throws IOException {
        byte[] request = ex.getRequestBody().readAllBytes();
        if (!authorized(ex)) {
            return;
        }
        String path = ex.getRequestURI().getPath();
        Matcher content = CONTENT.matcher(path);
        if ("GET".equals(ex.getRequestMethod()) && content.matches()) {
            byte[] file = files.get(content.group(1));
            if (file == null) {
                FakeOpenAiImages.send(ex, 404, FakeOpenAiImages.errorBody("No such File object: " + content.group(1), "invalid_request_error", "id", null));
                return;
            }
            ex.getResponseHeaders().add("Content-Type", "application/octet-stream");
            ex.sendResponseHeaders(200, file.length);
            try (var out = ex.getResponseBody()) {
                out.write(file);
            }
            return;
        }
        if (!"POST".equals(ex.getRequestMethod()) || !path.equals("/v1/files")) {
            FakeOpenAiImages.send(ex, 404, FakeOpenAiImages.errorBody("Invalid URL (" + ex.getRequestMethod() + " " + path + ")", "invalid_request_error", null, null));
            return;
        }
        Map<String, byte[]> form = multipart(ex.getRequestHeaders().getFirst("Content-Type"), request);
        String purpose = form.containsKey("purpose") ? new String(form.get("purpose"), StandardCharsets.UTF_8) : null;
        if (form.get("file") == null || purpose == null || !PURPOSES.contains(purpose)) {
            FakeOpenAiImages.send(ex, 400, FakeOpenAiImages.errorBody(purpose == null || form.get("file") == null
                    ? "Missing required parameter: '" + (purpose == null ? "purpose" : "file") + "'." : "Invalid value for 'purpose'.",
                    "invalid_request_error", purpose == null ? "purpose" : "file", null));
            return;
        }
        String id = "file-" + UUID.randomUUID().toString().replace("-", "");
        files.put(id, form.get("file"));
        long now = System.currentTimeMillis() / 1000;
        FakeOpenAiImages.send(ex, 200, JSON.writeValueAsString(Map.of("id", id, "object", "file", "bytes", form.get("file").length,
                "created_at", now, "expires_at", now + 30L * 24 * 3600, "filename", "batch.jsonl", "purpose", purpose, "status", "processed")));
    }

    private void batches(HttpExchange ex) throws IOException {
        byte[] request = ex.getRequestBody().readAllBytes();
        if (!authorized(ex)) {
            return;
        }
        String path = ex.getRequestURI().getPath();
        Matcher one = ONE.matcher(path);
        if ("POST".equals(ex.getRequestMethod()) && path.equals("/v1/batches")) {
            create(ex, JSON.readTree(request));
        } else if ("GET".equals(ex.getRequestMethod()) && (path.equals("/v1/batches") || path.equals("/v1/batches/"))) {
            list(ex);
        } else if (one.matches() && ("GET".equals(ex.getRequestMethod()) && one.group(2) == null || "POST".equals(ex.getRequestMethod()) && one.group(2) != null)) {
            ObjectNode batch;
            synchronized (this) {
                batch = batches.get(one.group(1));
                if (batch != null) {
                    if (one.group(2) != null) {
                        batch.put("status", "cancelled").put("cancelled_at", System.currentTimeMillis() / 1000);
                    } else {
                        advance(batch);
                    }
                    batch = batch.deepCopy();
                }
            }
            if (batch == null) {
                FakeOpenAiImages.send(ex, 404, FakeOpenAiImages.errorBody("No batch found with id '" + one.group(1) + "'.", "invalid_request_error", null, null));
                return;
            }
            FakeOpenAiImages.send(ex, 200, JSON.writeValueAsString(batch));
        } else {
            FakeOpenAiImages.send(ex, 404, FakeOpenAiImages.errorBody("Invalid URL (" + ex.getRequestMethod() + " " + path + ")", "invalid_request_error", null, null));
        }
    }

    private void create(HttpExchange ex, JsonNode body) throws IOException {
        for (String required : List.of("input_file_id", "endpoint", "completion_window")) {
            if (!body.path(required).isTextual()) {
                FakeOpenAiImages.send(ex, 400, FakeOpenAiImages.errorBody("Missing required parameter: '" + required + "'.", "invalid_request_error", required, null));
                return;
            }
        }
        String refused = !ENDPOINTS.contains(body.path("endpoint").asText()) ? "endpoint"
                : !"24h".equals(body.path("completion_window").asText()) ? "completion_window"
                : body.has("metadata") && (!body.path("metadata").isObject() || body.path("metadata").size() > 16) ? "metadata"
                : !files.containsKey(body.path("input_file_id").asText()) ? "input_file_id" : null;
        if (refused != null) {
            FakeOpenAiImages.send(ex, 400, FakeOpenAiImages.errorBody("Invalid value for '" + refused + "'.", "invalid_request_error", refused, "invalid_value"));
            return;
        }
        created.add(body);
        long now = System.currentTimeMillis() / 1000;
        ObjectNode batch = JSON.createObjectNode();
        batch.put("id", "batch_" + UUID.randomUUID().toString().replace("-", ""));
        batch.put("object", "batch");
        batch.put("endpoint", body.path("endpoint").asText());
        batch.putNull("errors");
        batch.put("input_file_id", body.path("input_file_id").asText());
        batch.put("completion_window", "24h");
        batch.put("status", "validating");
        batch.putNull("output_file_id");
        batch.putNull("error_file_id");
        batch.put("created_at", now);
        batch.put("expires_at", now + 24 * 3600);
        batch.putObject("request_counts").put("total", 0).put("completed", 0).put("failed", 0);
        batch.set("metadata", body.has("metadata") ? body.get("metadata") : JSON.nullNode());
        synchronized (this) {
            batches.put(batch.path("id").asText(), batch);
        }
        long stall = answerCreateAfter.getAndSet(0);
        if (stall > 0) { // made, and its answer held back: a caller that dies now never learns the batch's id
            try {
                Thread.sleep(stall);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        FakeOpenAiImages.send(ex, 200, JSON.writeValueAsString(batch));
    }

    private void list(HttpExchange ex) throws IOException {
        String query = ex.getRequestURI().getQuery() == null ? "" : ex.getRequestURI().getQuery();
        Matcher limit = Pattern.compile("(?:^|&)limit=(\\d+)").matcher(query);
        int max = limit.find() ? Integer.parseInt(limit.group(1)) : 20;
        if (max < 1 || max > 100) {
            FakeOpenAiImages.send(ex, 400, FakeOpenAiImages.errorBody("Invalid 'limit': must be between 1 and 100.", "invalid_request_error", "limit", null));
            return;
        }
        List<JsonNode> newest;
        synchronized (this) {
            newest = new ArrayList<>(batches.values().stream().map(b -> (JsonNode) b.deepCopy()).toList());
        }
        java.util.Collections.reverse(newest);
        List<JsonNode> page = newest.subList(0, Math.min(max, newest.size()));
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("object", "list");
        answer.put("data", page);
        answer.put("first_id", page.isEmpty() ? null : page.getFirst().path("id").asText());
        answer.put("last_id", page.isEmpty() ? null : page.getLast().path("id").asText());
        answer.put("has_more", newest.size() > page.size());
        FakeOpenAiImages.send(ex, 200, JSON.writeValueAsString(answer));
    }

    /** One look moves a batch on: validating → in_progress (or failed); in_progress → completed unless held (or expired). */
    private void advance(ObjectNode batch) throws IOException {
        long now = System.currentTimeMillis() / 1000;
        switch (batch.path("status").asText()) {
            case "validating" -> {
                List<JsonNode> lines = lines(batch);
                String invalid = invalid(batch.path("endpoint").asText(), lines);
                if (invalid != null) {
                    batch.put("status", "failed").put("failed_at", now);
                    ObjectNode errors = batch.putObject("errors").put("object", "list");
                    errors.putArray("data").addObject().put("code", "invalid_request").put("message", invalid).putNull("param").putNull("line");
                    return;
                }
                batch.put("status", "in_progress").put("in_progress_at", now);
                batch.with("request_counts").put("total", lines.size());
            }
            case "in_progress" -> {
                if (expiring.contains(batch.path("id").asText())) {
                    batch.put("status", "expired").put("expired_at", now);
                    return;
                }
                if (!held) {
                    complete(batch, lines(batch), now);
                }
            }
            default -> { }
        }
    }

    private static String invalid(String endpoint, List<JsonNode> lines) {
        Set<String> ids = new HashSet<>();
        for (JsonNode line : lines) {
            if (!line.path("custom_id").isTextual() || !ids.add(line.path("custom_id").asText())) {
                return "custom_id must be unique and present on every line";
            }
            if (!"POST".equals(line.path("method").asText()) || !endpoint.equals(line.path("url").asText()) || !line.path("body").isObject()) {
                return "every line must be a POST to " + endpoint + " with a body";
            }
        }
        return lines.isEmpty() ? "the input file holds no request" : null;
    }

    private void complete(ObjectNode batch, List<JsonNode> lines, long now) throws IOException {
        ByteArrayOutputStream output = new ByteArrayOutputStream();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        int completed = 0;
        for (JsonNode line : lines) {
            Response made = images.apply(line.path("body"));
            Map<String, Object> response = new LinkedHashMap<>();
            response.put("status_code", made.status());
            response.put("request_id", "req_" + UUID.randomUUID().toString().replace("-", ""));
            response.put("body", JSON.readTree(made.body()));
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("id", "batch_req_" + UUID.randomUUID().toString().replace("-", ""));
            out.put("custom_id", line.path("custom_id").asText());
            out.put("response", response);
            out.put("error", null);
            (made.status() == 200 ? output : errors).writeBytes((JSON.writeValueAsString(out) + "\n").getBytes(StandardCharsets.UTF_8));
            completed += made.status() == 200 ? 1 : 0;
        }
        batch.put("status", "completed").put("finalizing_at", now).put("completed_at", now);
        batch.with("request_counts").put("completed", completed).put("failed", lines.size() - completed);
        if (output.size() > 0) {
            String id = "file-" + UUID.randomUUID().toString().replace("-", "");
            files.put(id, output.toByteArray());
            batch.put("output_file_id", id);
        }
        if (errors.size() > 0) {
            String id = "file-" + UUID.randomUUID().toString().replace("-", "");
            files.put(id, errors.toByteArray());
            batch.put("error_file_id", id);
        }
    }

    /** The parts of a {@code multipart/form-data} body by name. */
    private static Map<String, byte[]> multipart(String contentType, byte[] body) {
        Map<String, byte[]> parts = new LinkedHashMap<>();
        if (contentType == null || !contentType.startsWith("multipart/form-data") || !contentType.contains("boundary=")) {
            return parts;
        }
        String boundary = "--" + contentType.substring(contentType.indexOf("boundary=") + 9).replace("\"", "");
        String text = new String(body, StandardCharsets.ISO_8859_1);
        for (String part : text.split(Pattern.quote(boundary))) {
            int headerEnd = part.indexOf("\r\n\r\n");
            Matcher name = Pattern.compile("name=\"([^\"]+)\"").matcher(part);
            if (headerEnd < 0 || !name.find() || name.start() > headerEnd) {
                continue;
            }
            String value = part.substring(headerEnd + 4);
            value = value.endsWith("\r\n") ? value.substring(0, value.length() - 2) : value;
            parts.put(name.group(1), value.getBytes(StandardCharsets.ISO_8859_1));
        }
        return parts;
    }
}
