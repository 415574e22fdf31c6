package io.mediagate.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;

/**
 * A stand-in for an OpenAI-compatible images API ({@code POST /v1/images/generations}), speaking its wire
 * format: {@code {"created", "background", "data":[{"b64_json"|"url", "revised_prompt"}], "output_format", "quality", "size",
 * "usage"}} on success (the image in the asked {@code output_format}; the GPT image parameters checked against OpenAI's
 * enumerations, a bad one refused as OpenAI does) and
 * {@code {"error":{"message","type","param","code"}}} with the real status codes on failure. The test
 * picks the behaviour; every request is recorded. A model OpenAI has shut down ({@link OpenAiModels}) is answered
 * OpenAI's 404 {@code model_not_found}, whatever the behaviour. {@code GET /v1/models} lists the models set with {@link #lists} in
 * OpenAI's list shape, and answers OpenAI's 404 for an unknown route until they are set.
 */
public final class FakeOpenAiImages implements AutoCloseable {
    /** {@code SVG_B64} answers an SVG document of the requested size as {@code b64_json}, as vector models do. */
    public enum Mode { B64_JSON, SVG_B64, URL, MODERATION_BLOCKED, INVALID_PROMPT, BAD_KEY, RATE_LIMITED, SERVER_ERROR, MALFORMED, MODEL_NOT_FOUND,
        /** A streamed request's stream sends its partial images, then an {@code error} event (moderation) instead of the image. */
        STREAM_BLOCKED }

    public record Received(String authorization, JsonNode body) {}

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;
    private final AtomicReference<Mode> mode = new AtomicReference<>(Mode.B64_JSON);
    private final List<Received> received = new CopyOnWriteArrayList<>();
    private volatile String requiredKey;
    private volatile UnaryOperator<byte[]> credentials = UnaryOperator.identity();
    private final java.util.concurrent.atomic.AtomicInteger failuresLeft = new java.util.concurrent.atomic.AtomicInteger();
    private volatile Mode failureMode = Mode.SERVER_ERROR;
    private volatile List<String> listed;
    private final FakeOpenAiBatches batches;

    public FakeOpenAiImages() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/v1/images/generations", this::generate);
        server.createContext("/v1/models", this::models);
        server.createContext("/files/", this::file);
        batches = new FakeOpenAiBatches(server, this::answer, () -> requiredKey);
        server.start();
    }

    /** Base URL as an SDK would take it: {@code http://127.0.0.1:<port>/v1}. */
    public String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    public FakeOpenAiImages mode(Mode m) {
        mode.set(m);
        return this;
    }

    /** The next {@code count} requests fail with {@code failure}; then the current mode applies again. */
    public FakeOpenAiImages failNext(int count, Mode failure) {
        failureMode = failure;
        failuresLeft.set(count);
        return this;
    }

    /** The model ids {@code GET /v1/models} lists. */
    public FakeOpenAiImages lists(String... models) {
        this.listed = List.of(models);
        return this;
    }

    /**
     * Signs each generated image with {@code signer} before it is answered (as {@code b64_json}, streamed or behind a
     * {@code url}), as OpenAI's images carry Content Credentials (C2PA) of their own; a test with the provenance module at
     * hand gives it (test-support cannot depend on it).
     */
    public FakeOpenAiImages signing(UnaryOperator<byte[]> signer) {
        credentials = signer;
        return this;
    }

    public FakeOpenAiImages requireKey(String key) {
        this.requiredKey = key;
        return this;
    }

    /** OpenAI's Files and Batch API at this fake ({@code /v1/files}, {@code /v1/batches}). */
    public FakeOpenAiBatches batches() {
        return batches;
    }

    public List<Received> received() {
        return List.copyOf(received);
    }

    private void generate(HttpExchange ex) throws IOException {
        JsonNode body = JSON.readTree(ex.getRequestBody());
        received.add(new Received(ex.getRequestHeaders().getFirst("Authorization"), body));
        if (!"POST".equals(ex.getRequestMethod())) {
            error(ex, 405, "Method not allowed", "invalid_request_error", null, null);
            return;
        }
        if (requiredKey != null && !("Bearer " + requiredKey).equals(ex.getRequestHeaders().getFirst("Authorization"))) {
            error(ex, 401, "Incorrect API key provided.", "invalid_request_error", null, "invalid_api_key");
            return;
        }
        if (OpenAiModels.shutDown(body.path("model").asText())) { // as OpenAI answers a model it has shut down
            error(ex, 404, OpenAiModels.goneMessage(body.path("model").asText()), "invalid_request_error", null, "model_not_found");
            return;
        }
        Mode current = failuresLeft.getAndUpdate(n -> Math.max(0, n - 1)) > 0 ? failureMode : mode.get();
        switch (current) {
            case MODERATION_BLOCKED -> error(ex, 400, "Your request was rejected by the safety system.", "image_generation_user_error", null, "moderation_blocked");
            case INVALID_PROMPT -> error(ex, 400, "Invalid value for 'size'.", "invalid_request_error", "size", "invalid_value");
            case BAD_KEY -> error(ex, 401, "Incorrect API key provided.", "invalid_request_error", null, "invalid_api_key");
            case RATE_LIMITED -> {
                ex.getResponseHeaders().add("Retry-After", "1");
                error(ex, 429, "Rate limit reached for images per minute.", "requests", null, "rate_limit_exceeded");
            }
            case SERVER_ERROR -> error(ex, 500, "The server had an error while processing your request.", "server_error", null, null);
            case MALFORMED -> send(ex, 200, "{\"created\":1,\"data\":[{}]}");
            case MODEL_NOT_FOUND -> error(ex, 404, "The model `" + body.path("model").asText() + "` does not exist or you do not have "
                    + "access to it.", "invalid_request_error", null, "model_not_found");
            case URL, B64_JSON, SVG_B64, STREAM_BLOCKED -> success(ex, body, current);
        }
    }

    private void models(HttpExchange ex) throws IOException {
        ex.getRequestBody().readAllBytes();
        List<String> models = listed;
        if (models == null) {
            error(ex, 404, "Invalid URL (GET /v1/models)", "invalid_request_error", null, null);
            return;
        }
        if (requiredKey != null && !("Bearer " + requiredKey).equals(ex.getRequestHeaders().getFirst("Authorization"))) {
            error(ex, 401, "Incorrect API key provided.", "invalid_request_error", null, "invalid_api_key");
            return;
        }
        List<Map<String, Object>> data = models.stream().map(m -> Map.<String, Object>of("id", m, "object", "model",
                "created", 1_700_000_000, "owned_by", "system")).toList();
        send(ex, 200, JSON.writeValueAsString(Map.of("object", "list", "data", data)));
    }

    /** OpenAI's enumerations of the GPT image parameters (the official SDKs' {@code ImageGenerateParams}). */
    private static final Map<String, List<String>> ENUMS = Map.of(
            "quality", List.of("low", "medium", "high", "auto"),
            "output_format", List.of("png", "jpeg", "webp"),
            "background", List.of("transparent", "opaque", "auto"),
            "moderation", List.of("low", "auto"));

    /** The first GPT image parameter OpenAI would refuse, as its 400 body, or null when all are valid. */
    private static String[] invalid(JsonNode body) {
        for (Map.Entry<String, List<String>> e : ENUMS.entrySet()) {
            JsonNode value = body.get(e.getKey());
            if (value != null && !e.getValue().contains(value.asText())) {
                return new String[] {"Invalid value: '" + value.asText() + "'. Supported values are: " + e.getValue() + ".", e.getKey()};
            }
        }
        JsonNode compression = body.get("output_compression");
        if (compression != null && (!compression.isInt() || compression.asInt() < 0 || compression.asInt() > 100)) {
            return new String[] {"Invalid 'output_compression': integer below minimum value or above maximum value.", "output_compression"};
        }
        if ("transparent".equals(body.path("background").asText()) && "jpeg".equals(body.path("output_format").asText())) {
            return new String[] {"Transparent background is not supported for the jpeg output format.", "background"};
        }
        return null;
    }

    /**
     * A GPT image model's answer: every image in the asked {@code output_format} (PNG by default; transparent when asked), and
     * the answer's {@code background}, {@code output_format}, {@code quality} (its choice for {@code auto}: medium), {@code size}
     * and token {@code usage}, as OpenAI reports them.
     */
    private void success(HttpExchange ex, JsonNode body, Mode current) throws IOException {
        if (invalid(body) == null && body.path("stream").asBoolean(false)) {
            String[] size = body.path("size").asText("64x64").split("x");
            String quality = body.path("quality").asText("auto");
            stream(ex, body, current, body.path("output_format").asText("png"), "transparent".equals(body.path("background").asText()),
                    Integer.parseInt(size[0]), Integer.parseInt(size[1]), body.path("n").asInt(1), quality.equals("auto") ? "medium" : quality);
            return;
        }
        FakeOpenAiBatches.Response answer = answer(body, current);
        send(ex, answer.status(), answer.body());
    }

    /**
     * The answer of {@code POST /v1/images/generations} to {@code body} as a batch's line gets it: a line whose prompt says
     * {@code unsafe} is refused with OpenAI's 400 {@code moderation_blocked}, one that says {@code batch-fails} fails with
     * OpenAI's 500 body (only in a batch: a call of its own succeeds).
     */
    FakeOpenAiBatches.Response answer(JsonNode body) {
        if (OpenAiModels.shutDown(body.path("model").asText())) {
            return new FakeOpenAiBatches.Response(404, errorBody(OpenAiModels.goneMessage(body.path("model").asText()), "invalid_request_error", null,
                    "model_not_found"));
        }
        if (body.path("prompt").asText().contains("unsafe")) { // a prompt OpenAI's safety system refuses
            return new FakeOpenAiBatches.Response(400, errorBody("Your request was rejected by the safety system.", "image_generation_user_error",
                    null, "moderation_blocked"));
        }
        if (body.path("prompt").asText().contains("batch-fails")) { // a line a batch fails (a call of its own still succeeds)
            return new FakeOpenAiBatches.Response(500, errorBody("The server had an error while processing your request.", "server_error",
                    null, null));
        }
        return answer(body, Mode.B64_JSON);
    }

    private FakeOpenAiBatches.Response answer(JsonNode body, Mode current) {
        String[] refusal = invalid(body);
        if (refusal != null) {
            return new FakeOpenAiBatches.Response(400, errorBody(refusal[0], "invalid_request_error", refusal[1], "invalid_value"));
        }
        String[] size = body.path("size").asText("64x64").split("x");
        int width = Integer.parseInt(size[0]);
        int height = Integer.parseInt(size[1]);
        int n = body.path("n").asInt(1);
        String format = body.path("output_format").asText("png");
        boolean transparent = "transparent".equals(body.path("background").asText());
        String quality = body.path("quality").asText("auto");
        StringBuilder data = new StringBuilder();
        for (int i = 0; i < n; i++) {
            String item = current == Mode.URL
                    ? "{\"url\":\"http://127.0.0.1:" + server.getAddress().getPort() + "/files/" + size[0] + "x" + size[1] + ".png\",\"revised_prompt\":null}"
                    : "{\"b64_json\":\"" + Base64.getEncoder().encodeToString(current == Mode.SVG_B64 ? svg(size[0], size[1])
                            : answered(format, transparent, width, height))
                      + "\",\"revised_prompt\":\"revised: " + body.path("prompt").asText().replace("\"", "") + "\"}";
            data.append(i == 0 ? "" : ",").append(item);
        }
        return new FakeOpenAiBatches.Response(200, "{\"created\":" + (System.currentTimeMillis() / 1000) + ",\"background\":\"" + (transparent ? "transparent" : "opaque")
                + "\",\"data\":[" + data + "],\"output_format\":\"" + format + "\",\"quality\":\"" + (quality.equals("auto") ? "medium" : quality)
                + "\",\"size\":\"" + width + "x" + height + "\",\"usage\":{\"input_tokens\":10,\"input_tokens_details\":{\"image_tokens\":0,"
                + "\"text_tokens\":10},\"output_tokens\":100,\"total_tokens\":110,\"output_tokens_details\":{\"image_tokens\":100,\"text_tokens\":0}}}");
    }

    /**
     * OpenAI's streamed answer ({@code stream: true}): {@code partial_images} partial image events, then a completed event
     * per image, as server-sent events; in {@code STREAM_BLOCKED} mode an {@code error} event in place of the images.
     */
    private void stream(HttpExchange ex, JsonNode body, Mode current, String format, boolean transparent, int width, int height,
                               int n, String quality) throws IOException {
        ex.getResponseHeaders().add("Content-Type", "text/event-stream; charset=utf-8");
        ex.sendResponseHeaders(200, 0);
        try (OutputStream out = ex.getResponseBody()) {
            String common = ",\"background\":\"" + (transparent ? "transparent" : "opaque") + "\",\"created_at\":"
                    + (System.currentTimeMillis() / 1000) + ",\"output_format\":\"" + format + "\",\"quality\":\"" + quality
                    + "\",\"size\":\"" + width + "x" + height + "\"";
            String b64 = Base64.getEncoder().encodeToString(answered(format, transparent, width, height));
            for (int i = 0; i < body.path("partial_images").asInt(0); i++) {
                out.write(("event: image_generation.partial_image\ndata: {\"type\":\"image_generation.partial_image\",\"b64_json\":\""
                        + b64 + "\",\"partial_image_index\":" + i + common + "}\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
            if (current == Mode.STREAM_BLOCKED) {
                out.write(("event: error\ndata: {\"type\":\"error\",\"error\":{\"type\":\"image_generation_user_error\",\"code\":"
                        + "\"moderation_blocked\",\"message\":\"Your request was rejected by the safety system.\",\"param\":null}}\n\n")
                        .getBytes(StandardCharsets.UTF_8));
                return;
            }
            for (int i = 0; i < n; i++) {
                out.write(("event: image_generation.completed\ndata: {\"type\":\"image_generation.completed\",\"b64_json\":\"" + b64 + "\""
                        + common + ",\"usage\":{\"input_tokens\":10,\"input_tokens_details\":{\"image_tokens\":0,\"text_tokens\":10},"
                        + "\"output_tokens\":100,\"total_tokens\":110}}\n\n").getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        }
    }

    private static byte[] image(String format, boolean transparent, int width, int height) {
        int colour = transparent ? 0x00285AC8 : 0xFF285AC8;
        return switch (format) {
            case "jpeg" -> TestImages.jpeg(width, height);
            case "webp" -> TestImages.webp(width, height, colour);
            default -> transparent ? TestImages.pngOf(width, height, colour) : TestImages.png(width, height);
        };
    }

    private static byte[] svg(String width, String height) {
        return ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 " + width + " "
                + height + "\"><rect width=\"" + width + "\" height=\"" + height + "\" fill=\"rgb(40,90,200)\"/></svg>")
                .getBytes(StandardCharsets.UTF_8);
    }

    /** A generated image as this fake answers it: signed when a test asked ({@link #signing}). */
    private byte[] answered(String format, boolean transparent, int width, int height) {
        return credentials.apply(image(format, transparent, width, height));
    }

    private void file(HttpExchange ex) throws IOException {
        String name = ex.getRequestURI().getPath().substring("/files/".length()).replace(".png", "");
        String[] size = name.split("x");
        byte[] png = credentials.apply(TestImages.png(Integer.parseInt(size[0]), Integer.parseInt(size[1])));
        ex.getResponseHeaders().add("Content-Type", "image/png");
        ex.sendResponseHeaders(200, png.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(png);
        }
    }

    private static void error(HttpExchange ex, int status, String message, String type, String param, String code) throws IOException {
        send(ex, status, errorBody(message, type, param, code));
    }

    /** OpenAI's error body: {@code {"error": {"message", "type", "param", "code"}}}. */
    static String errorBody(String message, String type, String param, String code) {
        Map<String, Object> error = new java.util.LinkedHashMap<>();
        error.put("message", message);
        error.put("type", type);
        error.put("param", param);
        error.put("code", code);
        try {
            return JSON.writeValueAsString(Map.of("error", error));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** A JSON answer as OpenAI sends one, with its request id. */
    static void send(HttpExchange ex, int status, String body) throws IOException {
        JsonAnswers.send(ex, status, body, Map.of("Content-Type", "application/json", "x-request-id", "req_fake"));
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
