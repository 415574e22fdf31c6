package io.mediagate.gateway.edge;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.gateway.GatewayTestResources;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Flow;
import org.junit.jupiter.api.Test;

/**
 * What a hostile or broken client sends is refused in the envelope with the status that says why, before it
 * costs anything: oversized targets, headers and bodies (declared or chunked), two keys, JSON nested without
 * end, broken Unicode, a giant model parameter, a duplicated field, and a webhook aimed inside the network.
 * Management endpoints are not on the public port.
 */
@QuarkusTest
class HostileInputIT {
    private static final String ADMIN = GatewayTestResources.ADMIN_KEY;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static String key;

    @TestHTTPResource("/")
    URL base;

    /** The management interface (its root, /q, is cut off below: the paths are written whole). */
    @TestHTTPResource(value = "/", management = true)
    URL management;

    private static synchronized String key() {
        if (key == null) {
            String account = given().header("Authorization", "Bearer " + ADMIN).contentType("application/json")
                    .body(Map.of("name", "hostile", "tier", "enterprise")).when().post("/v1/admin/accounts")
                    .then().statusCode(200).extract().path("result.account.id");
            key = given().header("Authorization", "Bearer " + ADMIN).when().post("/v1/admin/accounts/" + account + "/keys")
                    .then().statusCode(200).extract().path("result.key.key");
        }
        return key;
    }

    private static ValidatableResponse enveloped(ValidatableResponse response, int status, String code) {
        return response.statusCode(status).contentType(containsString("application/json"))
                .body("success", equalTo(false)).body("code", equalTo(code)).body("error.code", equalTo(code));
    }

    private static ValidatableResponse generate(String body) {
        return given().header("Authorization", "Bearer " + key()).contentType("application/json").body(body)
                .when().post("/v1/images/generations").then();
    }

    @Test
    void aRequestTargetOrHeadersOverTheLimitAre414And431() {
        enveloped(given().when().get("/v1/models/" + "a".repeat(9000)).then(), 414, "invalid_request");
        enveloped(given().header("X-Padding", "b".repeat(17000)).when().get("/v1/models").then(), 431, "invalid_request");
    }

    /** Raw targets: no client library here would send a broken percent-encoding as it is. */
    @Test
    void aTargetThatIsNotAValidUriIs400InTheEnvelope() throws Exception {
        for (String target : new String[] {"/v1/%zz", "/v1/models/%", "/v1/models?q=%G1", "/files/a%2", "/v1/models/a%20b%zz"}) {
            String reply = raw("GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
            assertTrue(reply.startsWith("HTTP/1.1 400"), target + " -> " + reply);
            JsonNode body = JSON.readTree(reply.substring(reply.indexOf("\r\n\r\n") + 4));
            assertEquals("invalid_request", body.path("code").asText(), target + " -> " + reply);
            assertEquals(false, body.path("success").asBoolean(true));
        }
        String valid = raw("GET /v1/no%20such%2Fthing?q=%41 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
        assertTrue(valid.startsWith("HTTP/1.1 404"), "a well-encoded target is routed as usual: " + valid);
    }

    private String raw(String request) throws Exception {
        try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** The answer to a request whose body is never sent: its head and as much body as its Content-Length says. */
    private String answer(String request) throws Exception {
        try (java.net.Socket socket = new java.net.Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            java.io.InputStream in = socket.getInputStream();
            StringBuilder read = new StringBuilder();
            while (!read.toString().contains("\r\n\r\n")) {
                int b = in.read();
                if (b == -1) {
                    return read.toString();
                }
                read.append((char) b);
            }
            java.util.regex.Matcher length = java.util.regex.Pattern.compile("(?i)content-length: *(\\d+)").matcher(read);
            int body = length.find() ? Integer.parseInt(length.group(1)) : 0;
            return read + new String(in.readNBytes(body), StandardCharsets.UTF_8);
        }
    }

    @Test
    void twoAuthorizationHeadersAre401EvenWhenOneIsValid() {
        enveloped(given().header("Authorization", "Bearer " + key()).header("Authorization", "Bearer mg_someone_else")
                .when().get("/v1/usage").then(), 401, "authentication_error");
    }

    @Test
    void aBodyOverTheLimitIs413WhetherDeclaredOrChunked() throws Exception {
        String big = "{\"model\":\"local/pattern\",\"prompt\":\"a\",\"x\":\"" + "a".repeat(1_100_000) + "\"}";
        enveloped(given().header("Authorization", "Bearer " + key()).contentType("application/json").body(big)
                .when().post("/v1/images/generations").then(), 413, "payload_too_large");

        HttpResponse<String> chunked = HTTP.send(HttpRequest.newBuilder(base.toURI().resolve("/v1/images/generations"))
                .header("Authorization", "Bearer " + key()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.fromPublisher(chunks(big.getBytes(StandardCharsets.UTF_8)))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(413, chunked.statusCode(), chunked.body());
        JsonNode body = JSON.readTree(chunked.body());
        assertEquals("payload_too_large", body.path("code").asText());
    }

    /** A batch file's route has its own, larger limit (200 MiB and the form around it), and the edit routes keep theirs. */
    @Test
    void aFileUploadDeclaredPastItsLimitIs413BeforeAByteIsRead() throws Exception {
        String head = "Host: localhost\r\nAuthorization: Bearer " + key() + "\r\nContent-Type: multipart/form-data; boundary=x\r\n";
        String files = answer("POST /v1/files HTTP/1.1\r\n" + head + "Content-Length: 210763777\r\n\r\n");
        assertTrue(files.startsWith("HTTP/1.1 413"), files);
        assertTrue(files.contains("210763776 bytes"), files);
        String edits = answer("POST /v1/images/edits HTTP/1.1\r\n" + head + "Content-Length: 67108865\r\n\r\n");
        assertTrue(edits.startsWith("HTTP/1.1 413"), edits);
        assertTrue(edits.contains("67108864 bytes"), edits);
    }

    @Test
    void aBodyOverTheLimitIs413OverHttp2WithoutALength() throws Exception {
        HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        // A first exchange upgrades the connection to HTTP/2 (h2c); the POST after it streams on that connection.
        HttpResponse<String> upgraded = h2.send(HttpRequest.newBuilder(base.toURI().resolve("/v1/models")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(HttpClient.Version.HTTP_2, upgraded.version());
        String big = "{\"model\":\"local/pattern\",\"prompt\":\"a\",\"x\":\"" + "a".repeat(2_000_000) + "\"}";
        HttpResponse<String> streamed = h2.send(HttpRequest.newBuilder(base.toURI().resolve("/v1/images/generations"))
                .header("Authorization", "Bearer " + key()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.fromPublisher(chunks(big.getBytes(StandardCharsets.UTF_8)))).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(HttpClient.Version.HTTP_2, streamed.version());
        assertEquals(413, streamed.statusCode(), streamed.body());
        assertEquals("payload_too_large", JSON.readTree(streamed.body()).path("code").asText());
    }

    @Test
    void aSmallChunkedBodyIsReadWhole() throws Exception {
        String small = "{\"model\":\"local/pattern\",\"prompt\":\"a\",\"size\":\"0x7\"}";
        HttpResponse<String> chunked = HTTP.send(HttpRequest.newBuilder(base.toURI().resolve("/v1/images/generations"))
                .header("Authorization", "Bearer " + key()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.fromPublisher(chunks(small.getBytes(StandardCharsets.UTF_8)))).build(),
                HttpResponse.BodyHandlers.ofString());
        // The whole body reached the parser: the answer is about its size field, not a malformed body.
        assertEquals(400, chunked.statusCode(), chunked.body());
        assertEquals("size", JSON.readTree(chunked.body()).path("param").asText(), chunked.body());
    }

    @Test
    void anEmptyBodyOverHttp2IsNoBody() throws Exception {
        // The JDK client upgrades to HTTP/2 (h2c): a POST without data ends with its headers.
        HttpResponse<String> empty = HttpClient.newHttpClient().send(HttpRequest.newBuilder(base.toURI().resolve("/v1/images/generations"))
                .header("Authorization", "Bearer " + key()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, empty.statusCode(), empty.body());
        assertEquals("invalid_request", JSON.readTree(empty.body()).path("code").asText());
    }

    @Test
    void deepNestingBrokenUnicodeAndGiantParametersAre400() {
        String deep = "[".repeat(999) + "]".repeat(999);
        enveloped(generate("{\"model\":\"local/pattern\",\"prompt\":\"a\",\"seed\":" + deep + "}"), 400, "invalid_request")
                .body("message", containsString("deeper than"));
        enveloped(generate("{\"model\":\"local/pattern\",\"prompt\":\"a \\ud800 b\"}"), 400, "invalid_request")
                .body("message", containsString("Unicode"));
        enveloped(generate("{\"model\":\"local/pattern\",\"prompt\":\"a \\u0000 b\"}"), 400, "invalid_request")
                .body("message", containsString("NUL"));
        enveloped(generate("{\"model\":\"local/pattern\",\"prompt\":\"a\",\"style\":\"" + "s".repeat(9000) + "\"}"), 400, "invalid_request")
                .body("param", equalTo("style"));
        enveloped(generate("{\"model\":\"local/pattern\",\"prompt\":\"a\",\"prompt\":\"b\"}"), 400, "invalid_request");
    }

    @Test
    void aWebhookAimedInsideTheNetworkIsRefusedAtSubmit() {
        for (String url : new String[] {"https://127.0.0.1/hook", "https://169.254.169.254/latest/meta-data",
                "https://10.0.0.1/x", "https://[2002:7f00:1::1]/x", "https://localhost:8082/v1/jobs", "http://example.com/hook"}) {
            enveloped(given().header("Authorization", "Bearer " + key()).contentType("application/json")
                    .body("{\"model\":\"local/motion\",\"prompt\":\"a\",\"webhook_url\":\"" + url + "\"}")
                    .when().post("/v1/videos/generations").then(), 400, "invalid_request").body("param", equalTo("webhook_url"));
        }
    }

    @Test
    void managementEndpointsAreOnTheirOwnPortOnly() {
        for (String path : new String[] {"/q/metrics", "/q/health", "/q/health/ready"}) {
            enveloped(given().when().get(path).then(), 404, "not_found");
        }
        enveloped(given().urlEncodingEnabled(false).when().get("/files/%2E%2E/%2E%2E/q/metrics").then(), 404, "not_found");
        String root = management.toString().replaceAll("/+$", "").replaceAll("/q$", "");
        given().when().get(root + "/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        String metrics = given().when().get(root + "/q/metrics").then().statusCode(200).extract().asString();
        assertTrue(metrics.contains("http_server_requests"), "the public port's requests are measured");
        assertTrue(!metrics.contains("aaaaaaaaaaaaaaaa"), "no raw request path became a metric tag");
    }

    /** The bytes as a body of unknown length: the client sends it in chunks. */
    private static Flow.Publisher<ByteBuffer> chunks(byte[] bytes) {
        return subscriber -> HttpRequest.BodyPublishers.ofByteArray(bytes).subscribe(subscriber);
    }
}
