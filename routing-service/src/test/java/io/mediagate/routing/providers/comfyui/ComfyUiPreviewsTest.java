package io.mediagate.routing.providers.comfyui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.StreamedControl;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.testing.TestImages;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.ServerWebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A streamed job at ComfyUI: the server's live previews, sent as binary frames on the WebSocket whose client id the prompt
 * carries, become the partial images, picked along the sampler's progress. The fake is ComfyUI's wire on one port: the
 * HTTP API ({@code /prompt}, {@code /history/{id}}, {@code /view}) and {@code /ws}, where a prompt's events go to the
 * socket of its {@code client_id} only, and previews are made only when the prompt asks for a preview method (the server's
 * default makes none).
 */
class ComfyUiPreviewsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int STEPS = 8;
    private final Vertx vertx = Vertx.vertx();
    private final Map<String, ServerWebSocket> sockets = new ConcurrentHashMap<>();
    private final Set<String> done = ConcurrentHashMap.newKeySet();
    private final List<JsonNode> prompts = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    @Test
    void theSamplersPreviewsBecomeThePartialImagesAsTheImageSharpens() throws Exception {
        String base = comfyUi(true, false);
        StreamedControl control = new StreamedControl(2);
        var images = generate(base, control);
        assertEquals(1, images.size());
        JsonNode prompt = prompts.getFirst();
        assertEquals("auto", prompt.path("extra_data").path("preview_method").asText(), "the prompt asks for previews");
        assertEquals(List.of(0, 1), control.indexes());
        // Of two partial images, the first preview past a third of the steps and the first past two thirds: steps 3 and 6.
        assertEquals(3 * 4, TestImages.decode(control.partials().get(0).bytes()).getWidth());
        assertEquals(6 * 4, TestImages.decode(control.partials().get(1).bytes()).getWidth());
        assertEquals("image/jpeg", control.partials().get(0).mime());
    }

    @Test
    void previewsWithMetadataAreReadAndAnotherPromptsAreNot() throws Exception {
        String base = comfyUi(true, true);
        StreamedControl control = new StreamedControl(3);
        generate(base, control);
        assertEquals(List.of(0, 1, 2), control.indexes());
        for (var partial : control.partials()) {
            assertEquals("image/png", partial.mime());
            assertTrue(TestImages.decode(partial.bytes()).getHeight() > 1, "never the other prompt's 1-pixel frame");
        }
        // Three partial images: the first previews past a quarter, a half and three quarters: steps 2, 4 and 6.
        assertEquals(List.of(8, 16, 24), control.partials().stream().map(p -> TestImages.decode(p.bytes()).getWidth()).toList());
    }

    @Test
    void aServerWithoutItsSocketStillMakesTheImage() throws Exception {
        String base = comfyUi(false, false);
        StreamedControl control = new StreamedControl(2);
        assertEquals(1, generate(base, control).size());
        assertEquals(List.of(), control.indexes());
        assertFalse(prompts.getFirst().has("extra_data"), "no previews asked of a server nobody listens to");
    }

    @Test
    void aJobNotStreamedOpensNoSocketAndAsksForNoPreviews() throws Exception {
        String base = comfyUi(true, false);
        assertEquals(1, generate(base, TaskControl.NONE).size());
        assertTrue(sockets.isEmpty());
        assertFalse(prompts.getFirst().has("extra_data"));
    }

    private List<io.mediagate.routing.providers.GeneratedImage> generate(String base, TaskControl control) {
        Upstream upstream = new Upstream(JSON, new Poller(new Poller.Settings(Duration.ofMillis(10), Duration.ofMillis(40),
                Duration.ofSeconds(10)), Clock.systemUTC(), Thread::sleep), new SafeFetch(true, Duration.ofSeconds(10)),
                Duration.ofSeconds(10), Clock.systemUTC());
        ProviderSpec provider = new ProviderSpec("comfy", "ComfyUI", "comfyui", List.of("image"), true, base, null, Instant.EPOCH);
        return new ComfyUiImageGenerator(upstream).generate(provider, new ImageTask("sdxl", Map.of(), "1", "a lake", 64, 64, 1,
                Map.of("seed", 1), control));
    }

    /** Starts the fake; {@code withSocket} false plays a server behind a proxy that refuses the upgrade. */
    private String comfyUi(boolean withSocket, boolean withMetadata) throws Exception {
        HttpServer server = vertx.createHttpServer();
        if (withSocket) {
            server.webSocketHandler(ws -> {
                if (!"/ws".equals(ws.path())) {
                    ws.close((short) 1008);
                    return;
                }
                String clientId = query(ws.query(), "clientId");
                String sid = clientId == null || clientId.isEmpty() ? UUID.randomUUID().toString().replace("-", "") : clientId;
                sockets.put(sid, ws);
                ws.closeHandler(gone -> sockets.remove(sid, ws));
                ws.writeTextMessage(json(Map.of("type", "status", "data", Map.of("status", Map.of("exec_info",
                        Map.of("queue_remaining", 0)), "sid", sid))));
            });
        }
        server.requestHandler(request -> request.body().onSuccess(body -> serve(request, body, withMetadata)));
        server.listen(0, "127.0.0.1").toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
        return "http://127.0.0.1:" + server.actualPort();
    }

    private void serve(HttpServerRequest request, Buffer body, boolean withMetadata) {
        String path = request.path();
        if (request.method().name().equals("POST") && path.equals("/prompt")) {
            JsonNode prompt = read(body.getBytes());
            prompts.add(prompt);
            String id = UUID.randomUUID().toString();
            answer(request, 200, Map.of("prompt_id", id, "number", prompts.size(), "node_errors", Map.of()));
            String method = prompt.path("extra_data").path("preview_method").asText("none");
            execute(id, prompt.path("client_id").asText(), !method.equals("none"), withMetadata);
        } else if (request.method().name().equals("GET") && path.startsWith("/history/")) {
            String id = path.substring("/history/".length());
            answer(request, 200, done.contains(id) ? Map.of(id, Map.of("prompt", List.of(), "outputs", Map.of("9", Map.of("images",
                    List.of(Map.of("filename", "mediagate_00001_.png", "subfolder", "", "type", "output")))),
                    "status", Map.of("status_str", "success", "completed", true, "messages", List.of()))) : Map.of());
        } else if (request.method().name().equals("GET") && path.equals("/view")) {
            request.response().putHeader("Content-Type", "image/png").end(Buffer.buffer(TestImages.png(64, 64)));
        } else {
            answer(request, 404, Map.of());
        }
    }

    /** The sampler's steps: per step a progress message, then (when previews were asked for) the step's preview. */
    private void execute(String id, String clientId, boolean previews, boolean withMetadata) {
        vertx.setTimer(30, started -> {
            ServerWebSocket ws = sockets.get(clientId);
            send(ws, Map.of("type", "execution_start", "data", Map.of("prompt_id", id)));
            send(ws, Map.of("type", "executing", "data", Map.of("node", "3", "display_node", "3", "prompt_id", id)));
            for (int step = 1; step <= STEPS; step++) {
                send(ws, Map.of("type", "progress", "data", Map.of("value", step, "max", STEPS, "prompt_id", id, "node", "3")));
                if (previews && ws != null) {
                    if (withMetadata) {
                        ws.writeBinaryMessage(withMetadata("someone-else", TestImages.png(1, 1)));
                        ws.writeBinaryMessage(withMetadata(id, TestImages.png(step * 4, step * 4)));
                    } else {
                        ws.writeBinaryMessage(preview(TestImages.jpeg(step * 4, step * 4)));
                    }
                }
            }
            // The VAE decode and the save come after the sampler: the files are there a moment after its last preview.
            vertx.setTimer(300, decoded -> {
                done.add(id);
                if (ws != null) {
                    ws.writeTextMessage("{\"type\": \"executing\", \"data\": {\"node\": null, \"prompt_id\": \"" + id + "\"}}");
                }
            });
        });
    }

    /** Event type 1 (PREVIEW_IMAGE), image format 1 (JPEG), the image. */
    private static Buffer preview(byte[] jpeg) {
        return Buffer.buffer(ByteBuffer.allocate(8 + jpeg.length).putInt(1).putInt(1).put(jpeg).array());
    }

    /** Event type 4 (PREVIEW_IMAGE_WITH_METADATA), the metadata's length, the metadata as JSON, the image. */
    private static Buffer withMetadata(String promptId, byte[] png) {
        byte[] metadata = json(Map.of("node_id", "3", "prompt_id", promptId, "display_node_id", "3", "image_type", "image/png"))
                .getBytes(StandardCharsets.UTF_8);
        return Buffer.buffer(ByteBuffer.allocate(8 + metadata.length + png.length).putInt(4).putInt(metadata.length).put(metadata)
                .put(png).array());
    }

    private static void send(ServerWebSocket ws, Map<String, Object> message) {
        if (ws != null) {
            ws.writeTextMessage(json(message));
        }
    }

    private static void answer(HttpServerRequest request, int status, Object body) {
        request.response().setStatusCode(status).putHeader("Content-Type", "application/json").end(json(body));
    }

    private static String query(String query, String name) {
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            if (pair.startsWith(name + "=")) {
                return java.net.URLDecoder.decode(pair.substring(name.length() + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode read(byte[] body) {
        try {
            return JSON.readTree(body);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}
