package io.mediagate.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;

/**
 * A stand-in for the Gemini API's image models, written from its REST reference and the google-genai SDKs: {@code POST
 * /v1beta/models/{model}:generateContent} (the key in {@code x-goog-api-key}; {@code contents} required; an image answered
 * as an {@code inlineData} part of {@code candidates[0].content}, with {@code usageMetadata}) and batch mode: {@code POST
 * /v1beta/models/{model}:batchGenerateContent} ({@code batch.displayName}, inline {@code inputConfig.requests.requests[
 * {request, metadata}]}) answered with an operation {@code batches/…} whose {@code metadata.state} is
 * {@code BATCH_STATE_PENDING}, then {@code BATCH_STATE_RUNNING} while the test holds it ({@link #hold}), then
 * {@code BATCH_STATE_SUCCEEDED} with {@code metadata.output.inlinedResponses.inlinedResponses[{response, metadata}]};
 * {@code GET /v1beta/batches} lists {@code operations}, {@code GET /v1beta/batches/{id}} reads one. Errors are Google's
 * {@code {"error": {"code", "message", "status"}}}. Every {@code :generateContent} call is recorded.
 */
public final class FakeGemini implements AutoCloseable {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;
    private final String key;
    private final List<JsonNode> calls = new CopyOnWriteArrayList<>();
    private final Map<String, ObjectNode> operations = new LinkedHashMap<>();
    private final Map<String, JsonNode> lines = new LinkedHashMap<>();
    private volatile boolean held;

    public FakeGemini(String key) throws IOException {
        this.key = key;
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/v1beta/models/", this::models);
        server.createContext("/v1beta/batches", this::batches);
        server.start();
    }

    /** The base URL the Gemini adapter takes: {@code http://127.0.0.1:<port>/v1beta}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1beta";
    }

    /** While held, a batch stays running; let go, it succeeds on its next look. */
    public FakeGemini hold(boolean hold) {
        this.held = hold;
        return this;
    }

    /** The bodies of every {@code :generateContent} call. */
    public List<JsonNode> calls() {
        return List.copyOf(calls);
    }

    /** Every batch made, as its {@code :batchGenerateContent} body's {@code batch}. */
    public synchronized List<JsonNode> batches() {
        return List.copyOf(lines.values());
    }

    private boolean authorized(HttpExchange ex) throws IOException {
        if (!key.equals(ex.getRequestHeaders().getFirst("x-goog-api-key"))) {
            error(ex, 400, "INVALID_ARGUMENT", "API key not valid. Please pass a valid API key.");
            return false;
        }
        return true;
    }

    private void models(HttpExchange ex) throws IOException {
        byte[] request = ex.getRequestBody().readAllBytes();
        if (!authorized(ex)) {
            return;
        }
        String path = ex.getRequestURI().getPath();
        int colon = path.indexOf(':');
        if (!"POST".equals(ex.getRequestMethod()) || colon < 0) {
            error(ex, 404, "NOT_FOUND", "Requested entity was not found.");
            return;
        }
        String model = path.substring("/v1beta/models/".length(), colon);
        JsonNode body = JSON.readTree(request);
        switch (path.substring(colon + 1)) {
            case "generateContent" -> {
                if (!body.path("contents").isArray()) {
                    error(ex, 400, "INVALID_ARGUMENT", "* GenerateContentRequest.contents: contents is not specified");
                    return;
                }
                calls.add(body);
                send(ex, 200, JSON.writeValueAsString(answer()));
            }
            case "batchGenerateContent" -> create(ex, model, body);
            default -> error(ex, 404, "NOT_FOUND", "Requested entity was not found.");
        }
    }

    private synchronized void create(HttpExchange ex, String model, JsonNode body) throws IOException {
        JsonNode batch = body.path("batch");
        JsonNode requests = batch.path("inputConfig").path("requests").path("requests");
        if (!requests.isArray() || requests.isEmpty()) {
            error(ex, 400, "INVALID_ARGUMENT", "* BatchGenerateContentRequest.batch.input_config: input_config is required");
            return;
        }
        for (JsonNode line : requests) {
            if (!line.path("request").path("contents").isArray()) {
                error(ex, 400, "INVALID_ARGUMENT", "* GenerateContentRequest.contents: contents is not specified");
                return;
            }
        }
        String name = "batches/" + Long.toString(System.nanoTime(), 36);
        ObjectNode operation = JSON.createObjectNode().put("name", name);
        ObjectNode metadata = operation.putObject("metadata");
        metadata.put("@type", "type.googleapis.com/google.ai.generativelanguage.v1beta.GenerateContentBatch");
        metadata.put("model", "models/" + model);
        metadata.put("displayName", batch.path("displayName").asText(""));
        metadata.put("state", "BATCH_STATE_PENDING");
        metadata.putObject("batchStats").put("requestCount", String.valueOf(requests.size())).put("pendingRequestCount", String.valueOf(requests.size()));
        operations.put(name, operation);
        lines.put(name, batch);
        send(ex, 200, JSON.writeValueAsString(operation));
    }

    private void batches(HttpExchange ex) throws IOException {
        ex.getRequestBody().readAllBytes();
        if (!authorized(ex)) {
            return;
        }
        String path = ex.getRequestURI().getPath();
        if (!"GET".equals(ex.getRequestMethod())) {
            error(ex, 404, "NOT_FOUND", "Requested entity was not found.");
            return;
        }
        String answer;
        synchronized (this) {
            if (path.equals("/v1beta/batches")) {
                ObjectNode list = JSON.createObjectNode();
                ArrayNode all = list.putArray("operations");
                operations.values().forEach(all::add);
                answer = JSON.writeValueAsString(list);
            } else {
                ObjectNode operation = operations.get(path.substring("/v1beta/".length()));
                if (operation == null) {
                    error(ex, 404, "NOT_FOUND", "Requested entity was not found.");
                    return;
                }
                advance(operation);
                answer = JSON.writeValueAsString(operation);
            }
        }
        send(ex, 200, answer);
    }

    private void advance(ObjectNode operation) {
        ObjectNode metadata = (ObjectNode) operation.get("metadata");
        switch (metadata.path("state").asText()) {
            case "BATCH_STATE_PENDING" -> metadata.put("state", "BATCH_STATE_RUNNING");
            case "BATCH_STATE_RUNNING" -> {
                if (held) {
                    return;
                }
                metadata.put("state", "BATCH_STATE_SUCCEEDED");
                operation.put("done", true);
                ArrayNode answers = metadata.putObject("output").putObject("inlinedResponses").putArray("inlinedResponses");
                for (JsonNode line : lines.get(operation.path("name").asText()).path("inputConfig").path("requests").path("requests")) {
                    ObjectNode answer = answers.addObject();
                    answer.set("response", JSON.valueToTree(answer()));
                    answer.set("metadata", line.path("metadata"));
                }
            }
            default -> { }
        }
    }

    /** One image, as a Gemini image model answers: a text part, the image as {@code inlineData}, and the call's usage. */
    private static Map<String, Object> answer() {
        Map<String, Object> image = Map.of("inlineData", Map.of("mimeType", "image/png", "data",
                Base64.getEncoder().encodeToString(TestImages.png(64, 64))));
        return Map.of("candidates", List.of(Map.of("content", Map.of("role", "model", "parts", new ArrayList<>(List.of(
                        Map.of("text", "Here it is."), image))), "finishReason", "STOP", "index", 0)),
                "usageMetadata", Map.of("promptTokenCount", 9, "candidatesTokenCount", 1120, "totalTokenCount", 1129));
    }

    private static void error(HttpExchange ex, int code, String status, String message) throws IOException {
        send(ex, code, JSON.writeValueAsString(Map.of("error", Map.of("code", code, "message", message, "status", status))));
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        JsonAnswers.send(ex, status, body, Map.of("Content-Type", "application/json; charset=UTF-8"));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
