package io.mediagate.routing.providers.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./mediagate catalog sync} against fakes of Replicate's model API and fal's model search, answering as their
 * references show: enumerations behind {@code $ref}s resolved, a human's {@code bills} kept, nothing touched without a key.
 */
class SchemaSyncTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String REPLICATE_MODEL = """
            {"url": "https://replicate.com/minimax/hailuo-02", "owner": "minimax", "name": "hailuo-02",
             "latest_version": {"id": "c43b610e", "openapi_schema": {"components": {"schemas": {
               "Input": {"type": "object", "required": ["prompt"], "properties": {
                 "prompt": {"type": "string", "title": "Prompt", "x-order": 0},
                 "duration": {"allOf": [{"$ref": "#/components/schemas/duration"}], "default": 6, "x-order": 3},
                 "resolution": {"allOf": [{"$ref": "#/components/schemas/resolution"}], "default": "1080p", "x-order": 4},
                 "prompt_optimizer": {"type": "boolean", "default": true}}},
               "duration": {"type": "integer", "enum": [6, 10], "title": "duration"},
               "resolution": {"type": "string", "enum": ["512p", "768p", "1080p"], "title": "resolution"}}}}}}
            """;
    private static final String FAL_MODELS = """
            {"models": [{"endpoint_id": "fal-ai/flux/dev", "openapi": {"openapi": "3.0.4",
              "paths": {"/fal-ai/flux/dev": {"post": {"requestBody": {"content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/FluxDevInput"}}}}}},
                        "/fal-ai/flux/dev/requests/{request_id}": {"get": {}}},
              "components": {"schemas": {"FluxDevInput": {"type": "object", "required": ["prompt"], "properties": {
                "prompt": {"type": "string"},
                "num_images": {"type": "integer", "default": 1, "minimum": 1, "maximum": 4},
                "output_format": {"type": "string", "enum": ["jpeg", "png"], "default": "jpeg"}}}}}}}],
             "has_more": false}
            """;
    private HttpServer server;
    private final List<String> seen = new ArrayList<>();
    @TempDir
    Path folder;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            seen.add(exchange.getRequestURI().toString() + " " + exchange.getRequestHeaders().getFirst("Authorization"));
            String path = exchange.getRequestURI().getPath();
            String body = path.equals("/v1/models/minimax/hailuo-02") ? REPLICATE_MODEL
                    : path.equals("/fal/v1/models") && exchange.getRequestURI().getQuery().contains("expand=openapi-3.0") ? FAL_MODELS : null;
            byte[] bytes = (body == null ? "{\"detail\": \"Not found.\"}" : body).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(body == null ? 404 : 200, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
        server.start();
        Files.createDirectories(folder.resolve("replicate/minimax"));
        Files.writeString(folder.resolve("replicate/minimax/hailuo-02.json"),
                "{\"model\": \"minimax/hailuo-02\", \"bills\": [\"duration\", \"resolution\"], \"required\": [], \"properties\": {}}");
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private List<SchemaSync.Outcome> sync(Map<String, String> env, String... extra) throws IOException {
        return new SchemaSync(folder, env, new PrintStream(new ByteArrayOutputStream())).run(List.of(extra));
    }

    @Test
    void withTheKeysEverySnapshotIsRefreshedFromTheMarketplacesSchemas() throws IOException {
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        List<SchemaSync.Outcome> outcomes = sync(Map.of("REPLICATE_API_TOKEN", "r8_test", "FAL_KEY", "fal-test",
                "MEDIAGATE_SYNC_REPLICATE_URL", url + "/v1", "MEDIAGATE_SYNC_FAL_URL", url + "/fal/v1"), "fal:fal-ai/flux/dev");
        assertEquals(List.of("synced", "synced"), outcomes.stream().map(SchemaSync.Outcome::status).toList());
        assertTrue(seen.contains("/v1/models/minimax/hailuo-02 Bearer r8_test"), seen.toString());
        assertTrue(seen.stream().anyMatch(s -> s.startsWith("/fal/v1/models?endpoint_id=fal-ai%2Fflux%2Fdev") && s.endsWith("Key fal-test")), seen.toString());

        InputSchema hailuo = InputSchemas.read(JSON.readTree(folder.resolve("replicate/minimax/hailuo-02.json").toFile()));
        assertEquals(List.of("prompt"), hailuo.required());
        assertEquals(List.of("duration", "resolution"), hailuo.bills(), "what a human wrote is kept");
        assertEquals(List.of(6, 10), hailuo.properties().get("duration").values(), "the enumeration behind the $ref");
        assertEquals("integer", hailuo.properties().get("duration").type());
        assertEquals("1080p", hailuo.properties().get("resolution").defaultValue());

        InputSchema dev = InputSchemas.read(JSON.readTree(folder.resolve("fal/fal-ai/flux/dev.json").toFile()));
        assertEquals(List.of("jpeg", "png"), dev.properties().get("output_format").values());
        assertTrue(dev.allows("num_images", 4) && !dev.allows("num_images", 5));

        assertEquals(List.of("unchanged", "unchanged"), sync(Map.of("REPLICATE_API_TOKEN", "r8_test", "FAL_KEY", "fal-test",
                "MEDIAGATE_SYNC_REPLICATE_URL", url + "/v1", "MEDIAGATE_SYNC_FAL_URL", url + "/fal/v1")).stream()
                .map(SchemaSync.Outcome::status).toList());
    }

    @Test
    void withoutAKeyEachModelIsSkippedAndItsSnapshotLeftAsItIs() throws IOException {
        String before = Files.readString(folder.resolve("replicate/minimax/hailuo-02.json"));
        List<SchemaSync.Outcome> outcomes = sync(Map.of(), "fal:fal-ai/flux/dev");
        assertEquals(List.of("skipped", "skipped"), outcomes.stream().map(SchemaSync.Outcome::status).toList());
        assertTrue(outcomes.getFirst().detail().contains("REPLICATE_API_TOKEN"));
        assertEquals(before, Files.readString(folder.resolve("replicate/minimax/hailuo-02.json")));
        assertTrue(seen.isEmpty(), "no call without a key");
    }

    @Test
    void aModelTheMarketplaceDoesNotHaveFailsWithoutTouchingItsSnapshot() throws IOException {
        String url = "http://127.0.0.1:" + server.getAddress().getPort();
        List<SchemaSync.Outcome> outcomes = sync(Map.of("REPLICATE_API_TOKEN", "r8_test", "MEDIAGATE_SYNC_REPLICATE_URL", url + "/v1"),
                "replicate:someone/gone");
        assertEquals("failed", outcomes.get(1).status());
        assertTrue(Files.notExists(folder.resolve("replicate/someone/gone.json")));
    }
}
