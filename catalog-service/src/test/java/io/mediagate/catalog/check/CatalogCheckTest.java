package io.mediagate.catalog.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.mediagate.catalog.catalog.Catalog;
import io.mediagate.catalog.retirement.Retirements;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The catalog check against fakes of the providers' listings, in their wire: OpenAI's {@code GET /v1/models} list, the
 * Gemini API's paged {@code GET /v1beta/models} ({@code models[].name} as {@code models/<id>}, {@code nextPageToken}),
 * Replicate's {@code GET /v1/models/{owner}/{name}} (404 when gone), fal's model search, Bedrock's SigV4-signed
 * {@code GET /foundation-models} ({@code modelSummaries[].modelId}).
 */
class CatalogCheckTest {
    private static final String KEY = "listing-key";
    private final Set<String> openAiModels = new CopyOnWriteArraySet<>(Set.of("m-live", "m-gone"));
    private HttpServer server;
    private volatile String bedrockAuthorization;
    private final Retirements retirements = new Retirements();
    @TempDir
    Path dir;

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/oa/v1/models", ex -> {
            if (!("Bearer " + KEY).equals(ex.getRequestHeaders().getFirst("Authorization"))) {
                send(ex, 401, "{\"error\":{\"message\":\"Incorrect API key provided.\",\"type\":\"invalid_request_error\",\"param\":null,"
                        + "\"code\":\"invalid_api_key\"}}");
                return;
            }
            send(ex, 200, "{\"object\":\"list\",\"data\":[" + openAiModels.stream()
                    .map(m -> "{\"id\":\"" + m + "\",\"object\":\"model\",\"created\":1700000000,\"owned_by\":\"system\"}")
                    .collect(Collectors.joining(",")) + "]}");
        });
        server.createContext("/gem/v1beta/models", ex -> {
            boolean second = String.valueOf(ex.getRequestURI().getQuery()).contains("pageToken=p2");
            send(ex, KEY.equals(ex.getRequestHeaders().getFirst("x-goog-api-key")) ? 200 : 400, second
                    ? "{\"models\":[{\"name\":\"models/gemini-3-pro-image\",\"supportedGenerationMethods\":[\"generateContent\"]}]}"
                    : "{\"models\":[{\"name\":\"models/gemini-2.5-flash-image\"}],\"nextPageToken\":\"p2\"}");
        });
        server.createContext("/rep/v1/models/", ex -> send(ex, ex.getRequestURI().getPath().endsWith("/owner/live") ? 200 : 404,
                ex.getRequestURI().getPath().endsWith("/owner/live") ? "{\"owner\":\"owner\",\"name\":\"live\"}"
                        : "{\"title\":\"Not found\",\"detail\":\"Not found.\",\"status\":404}"));
        server.createContext("/fal/v1/models", ex -> {
            String query = String.valueOf(ex.getRequestURI().getRawQuery());
            boolean keyed = ("Key " + KEY).equals(ex.getRequestHeaders().getFirst("Authorization"));
            String found = java.util.Arrays.stream(query.split("&")).filter(q -> q.startsWith("endpoint_id="))
                    .map(q -> java.net.URLDecoder.decode(q.substring("endpoint_id=".length()), StandardCharsets.UTF_8))
                    .filter(id -> !id.equals("fal-ai/retired-model"))
                    .map(id -> "{\"endpoint_id\":\"" + id + "\",\"metadata\":{\"display_name\":\"x\",\"category\":\"text-to-image\","
                            + "\"status\":\"active\"}}").collect(Collectors.joining(","));
            send(ex, keyed ? 200 : 401, keyed ? "{\"models\":[" + found + "],\"has_more\":false,\"next_cursor\":null}"
                    : "{\"detail\":\"Unauthorized\"}");
        });
        server.createContext("/bedrock/foundation-models", ex -> {
            String auth = String.valueOf(ex.getRequestHeaders().getFirst("Authorization"));
            boolean signed = auth.startsWith("AWS4-HMAC-SHA256 Credential=" + KEY + "/") && auth.contains("/eu-west-1/bedrock/aws4_request")
                    && auth.contains("SignedHeaders=") && auth.contains("Signature=") && ex.getRequestHeaders().getFirst("X-Amz-Date") != null;
            bedrockAuthorization = auth;
            send(ex, signed ? 200 : 403, signed ? "{\"modelSummaries\":[{\"modelArn\":\"arn:aws:bedrock:eu-west-1::foundation-model/"
                    + "amazon.nova-canvas-v1:0\",\"modelId\":\"amazon.nova-canvas-v1:0\",\"modelName\":\"Nova Canvas\",\"providerName\":"
                    + "\"Amazon\",\"outputModalities\":[\"IMAGE\"],\"modelLifecycle\":{\"status\":\"ACTIVE\"}}]}"
                    : "{\"message\":\"The security token included in the request is invalid.\"}");
        });
        server.start();
        System.setProperty("MEDIAGATE_CHECK_TEST_KEY", KEY);
        System.setProperty("AWS_ENDPOINT_URL_BEDROCK", "http://127.0.0.1:" + server.getAddress().getPort() + "/bedrock");
        System.setProperty("AWS_SECRET_ACCESS_KEY", "test-secret");
        System.setProperty("AWS_REGION", "eu-west-1");
    }

    @AfterEach
    void stop() {
        server.stop(0);
        System.clearProperty("MEDIAGATE_CHECK_TEST_KEY");
        System.clearProperty("AWS_ENDPOINT_URL_BEDROCK");
        System.clearProperty("AWS_SECRET_ACCESS_KEY");
        System.clearProperty("AWS_REGION");
    }

    private static void send(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    private String provider(String id, String adapter, String path, String keyEnv) {
        return "  - { id: " + id + ", name: " + id + ", adapter: " + adapter + ", media: [image], enabled: true, baseUrl: \"http://127.0.0.1:"
                + server.getAddress().getPort() + path + "\", apiKeyEnv: " + keyEnv + ", createdAt: 2026-01-01T00:00:00Z }\n";
    }

    private static String model(String id, String provider, String upstream) {
        return "  - id: " + id + "\n    displayName: " + id + "\n    media: image\n    description: test\n"
                + "    versions: [{ version: \"1\", createdAt: 2026-01-01T00:00:00Z }]\n"
                + "    sizes: [64x64]\n    defaultSize: 64x64\n    inputs: [text]\n"
                + "    offers:\n      - { provider: " + provider + ", price: 0.01, unit: image, upstreamModel: \"" + upstream + "\" }\n"
                + "    createdAt: 2026-01-01T00:00:00Z\n";
    }

    private CatalogCheck check() throws IOException {
        Path file = dir.resolve("catalog.yaml");
        Files.writeString(file, "providers:\n" + provider("oa", "openai-compatible", "/oa/v1", "MEDIAGATE_CHECK_TEST_KEY")
                + provider("nokey", "openai", "/oa/v1", "MEDIAGATE_CHECK_TEST_NEVER_SET")
                + provider("gem", "gemini", "/gem/v1beta", "MEDIAGATE_CHECK_TEST_KEY")
                + provider("rep", "replicate", "/rep/v1", "MEDIAGATE_CHECK_TEST_KEY")
                + provider("bfl", "bfl", "/bfl", "MEDIAGATE_CHECK_TEST_KEY")
                + provider("fal", "fal", "/fal/v1", "MEDIAGATE_CHECK_TEST_KEY")
                + provider("bedrock", "bedrock", "/runtime-is-not-the-listing", "MEDIAGATE_CHECK_TEST_KEY")
                + provider("az", "azure-openai", "/az", "MEDIAGATE_CHECK_TEST_KEY")
                + "models:\n" + model("acme/live", "oa", "m-live") + model("acme/gone", "oa", "m-gone")
                + model("acme/nokey", "nokey", "m-nokey")
                + model("google/pro", "gem", "gemini-3-pro-image") + model("google/pro-preview", "gem", "gemini-3-pro-image-preview")
                + model("rep/live", "rep", "owner/live") + model("rep/gone", "rep", "owner/gone:0123abc")
                + model("bfl/any", "bfl", "flux-dev")
                + model("fal/live", "fal", "fal-ai/flux-pro/kontext/text-to-image") + model("fal/gone", "fal", "fal-ai/retired-model")
                + model("amazon/canvas", "bedrock", "amazon.nova-canvas-v1:0") + model("amazon/titan", "bedrock", "amazon.titan-image-generator-v1")
                + model("azure/dalle", "az", "my-deployment"));
        return new CatalogCheck(new Catalog(Optional.of(file.toString())), retirements, Clock.systemUTC(), Duration.ofSeconds(5));
    }

    private static Map<String, CatalogCheck.ProviderResult> byProvider(CatalogCheck.Report report) {
        return report.providers().stream().collect(Collectors.toMap(CatalogCheck.ProviderResult::provider, p -> p));
    }

    @Test
    void anOfferWhoseModelIsNotListedIsRetiredAndReinstatedWhenItIsListedAgain() throws IOException {
        openAiModels.remove("m-gone");
        CatalogCheck check = check();
        var results = byProvider(check.run());
        assertEquals("checked", results.get("oa").status());
        assertEquals(java.util.List.of("acme/gone"), results.get("oa").retired());
        assertTrue(retirements.of("acme/gone", "oa").orElseThrow().reason().contains("m-gone"));
        assertTrue(retirements.of("acme/live", "oa").isEmpty());
        openAiModels.add("m-gone");
        assertEquals(java.util.List.of("acme/gone"), byProvider(check.run()).get("oa").reinstated());
        assertTrue(retirements.of("acme/gone", "oa").isEmpty());
    }

    @Test
    void theGeminiListingIsReadPageByPageReplicateModelByModelAndFalByEndpointIds() throws IOException {
        var results = byProvider(check().run());
        assertEquals(java.util.List.of("google/pro-preview"), results.get("gem").retired());
        assertEquals(java.util.List.of("rep/gone"), results.get("rep").retired());
        assertEquals(java.util.List.of("fal/gone"), results.get("fal").retired(), results.get("fal").toString());
        assertTrue(retirements.of("google/pro", "gem").isEmpty());
    }

    @Test
    void withoutAKeyOrAListingAProviderIsSkippedNeverFailedOrRetired() throws IOException {
        var results = byProvider(check().run());
        assertEquals("skipped", results.get("nokey").status());
        assertTrue(results.get("nokey").detail().contains("MEDIAGATE_CHECK_TEST_NEVER_SET"), results.get("nokey").detail());
        assertEquals("skipped", results.get("bfl").status());
        assertTrue(retirements.ofProvider("nokey").isEmpty());
    }

    @Test
    void aListingThatRefusesTheKeyFailsAndRetiresNothing() throws IOException {
        CatalogCheck check = check();
        System.setProperty("MEDIAGATE_CHECK_TEST_KEY", "wrong");
        var results = byProvider(check.run());
        assertEquals("failed", results.get("oa").status());
        assertEquals("failed", results.get("gem").status());
        assertTrue(retirements.ofProvider("oa").isEmpty());
        assertTrue(!results.get("oa").detail().contains("wrong"), "the key never shows");
    }

    @Test
    void bedrocksListingIsReadSignedFromItsControlPlaneAndAzureSaysWhyItIsNotChecked() throws IOException {
        var results = byProvider(check().run());
        assertEquals("checked", results.get("bedrock").status(), results.get("bedrock").toString() + " " + bedrockAuthorization);
        assertEquals(java.util.List.of("amazon/titan"), results.get("bedrock").retired());
        assertTrue(retirements.of("amazon/canvas", "bedrock").isEmpty());
        assertEquals("skipped", results.get("az").status());
        assertTrue(results.get("az").detail().contains("management API"), results.get("az").detail());
        System.clearProperty("AWS_SECRET_ACCESS_KEY");
        var unsigned = byProvider(check().run()).get("bedrock");
        assertEquals("failed", unsigned.status());
        assertTrue(unsigned.detail().contains("AWS_SECRET_ACCESS_KEY"), unsigned.detail());
    }
}
