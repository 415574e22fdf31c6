package io.mediagate.common.calls;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalTokens;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.tracing.Tracing;
import io.opentelemetry.api.OpenTelemetry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What every internal call answers: the owner's record, the owner's failure by its code, or unavailable. */
class InternalHttpTest {
    private static final Duration SHORT = Duration.ofSeconds(5);
    private final Map<String, String> authorizations = new ConcurrentHashMap<>();
    private final Map<String, String> ranges = new ConcurrentHashMap<>();
    private HttpServer server;
    private InternalHttp http;

    record Thing(String name, int count) {}

    /** Signs nothing: the header names who the call is made as, so the test can see it. */
    private static final class NamingTokens extends InternalTokens {
        NamingTokens() {
            super(Clock.systemUTC());
        }

        @Override
        public String bearer(String subject, String tier, Set<String> groups) {
            return "Bearer " + subject + "/" + tier + "/" + String.join(",", groups);
        }
    }

    @BeforeEach
    void start() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        route("/thing", 200, "application/json", "{\"name\":\"kite\",\"count\":3,\"later\":true}");
        route("/missing", 404, "application/json",
                "{\"success\":false,\"code\":\"not_found\",\"message\":\"no media med_x\",\"param\":\"id\",\"request_id\":\"req_1\"}");
        route("/busy", 503, "text/html", "<h1>Service Unavailable</h1>");
        route("/broken", 500, "text/plain", "oops");
        route("/garbled", 200, "application/json", "{\"name\":");
        route("/file", 200, "image/png", "PNGBYTES");
        route("/services-only", 403, "text/plain", "");
        server.start();
        http = new InternalHttp(new ObjectMapper(), new NamingTokens(), new Tracing(OpenTelemetry.noop()));
    }

    private void route(String path, int status, String type, String body) {
        server.createContext(path, exchange -> {
            authorizations.put(path, String.valueOf(exchange.getRequestHeaders().getFirst("Authorization")));
            ranges.put(path, String.valueOf(exchange.getRequestHeaders().getFirst("Range")));
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", type);
            exchange.sendResponseHeaders(status, bytes.length);
            exchange.getResponseBody().write(bytes);
            exchange.close();
        });
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private URI at(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    @Test
    void aTwoHundredIsReadAsTheRecordAndTheCallCarriesWhoItIsMadeAs() {
        Thing thing = InternalHttp.await(http.json(Call.get(at("/thing"), CallAs.user("usr_a", Tier.PRO), SHORT), Thing.class));
        assertEquals(new Thing("kite", 3), thing, "a field this version does not know is ignored");
        assertEquals("Bearer usr_a/pro/user", authorizations.get("/thing"));
        InternalHttp.await(http.bytes(Call.get(at("/thing"), CallAs.service("routing-service"), SHORT)));
        assertEquals("Bearer routing-service/null/service", authorizations.get("/thing"));
    }

    @Test
    void theOwnersFailureComesBackWithItsCodeMessageAndParam() {
        ApiException e = assertThrows(ApiException.class,
                () -> InternalHttp.await(http.json(Call.get(at("/missing"), CallAs.service("s"), SHORT), Thing.class)));
        assertEquals(ErrorCode.NOT_FOUND, e.code());
        assertEquals("no media med_x", e.getMessage());
        assertEquals("id", e.param());
    }

    @Test
    void aGatewaysUnavailableAnswerAndNoAnswerAtAllAreUnavailable() throws IOException {
        ApiException busy = assertThrows(ApiException.class,
                () -> InternalHttp.await(http.bytes(Call.get(at("/busy"), CallAs.service("s"), SHORT))));
        assertEquals(ErrorCode.SERVICE_UNAVAILABLE, busy.code());
        int closed;
        try (ServerSocket socket = new ServerSocket(0)) {
            closed = socket.getLocalPort();
        }
        ApiException unreachable = assertThrows(ApiException.class, () -> InternalHttp.await(
                http.bytes(Call.get(URI.create("http://127.0.0.1:" + closed + "/x"), CallAs.service("s"), SHORT))));
        assertEquals(ErrorCode.SERVICE_UNAVAILABLE, unreachable.code());
    }

    @Test
    void aRelayPassesTheOwnersAnswerBackAsItIsWithTheCallersHeaders() {
        var answer = InternalHttp.await(http.relay(Call.get(at("/missing"), CallAs.nobody(), SHORT), Map.of("Range", "bytes=0-3")));
        assertEquals(404, answer.statusCode(), "a failure is the owner's to show, not turned into ours");
        assertEquals(true, new String(answer.body(), StandardCharsets.UTF_8).contains("no media med_x"));
        assertEquals("bytes=0-3", ranges.get("/missing"));
        assertEquals("null", authorizations.get("/missing"), "a public read carries no token");
    }

    @Test
    void aTokenRefusedBeforeAnyResourceRanIsPermissionDenied() {
        assertEquals(ErrorCode.PERMISSION_DENIED, assertThrows(ApiException.class,
                () -> InternalHttp.await(http.bytes(Call.get(at("/services-only"), CallAs.user("usr_a", Tier.FREE), SHORT)))).code());
    }

    @Test
    void anAnswerWithoutAnEnvelopeOrUnreadableIsAnInternalError() {
        assertEquals(ErrorCode.INTERNAL_ERROR, assertThrows(ApiException.class,
                () -> InternalHttp.await(http.bytes(Call.get(at("/broken"), CallAs.service("s"), SHORT)))).code());
        assertEquals(ErrorCode.INTERNAL_ERROR, assertThrows(ApiException.class,
                () -> InternalHttp.await(http.json(Call.get(at("/garbled"), CallAs.service("s"), SHORT), Thing.class))).code());
    }

    @Test
    void aFileIsWrittenWhereAskedAndItsFailureIsStillTheOwners(@TempDir Path dir) throws IOException {
        Path target = InternalHttp.await(http.file(Call.get(at("/file"), CallAs.user("usr_a", Tier.FREE), SHORT), dir.resolve("a.png")));
        assertArrayEquals("PNGBYTES".getBytes(StandardCharsets.UTF_8), Files.readAllBytes(target));
        ApiException e = assertThrows(ApiException.class, () -> InternalHttp.await(
                http.file(Call.get(at("/missing"), CallAs.user("usr_a", Tier.FREE), SHORT), dir.resolve("b.png"))));
        assertEquals(ErrorCode.NOT_FOUND, e.code());
    }
}
