package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.fetch.SafeFetch;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLSession;
import org.junit.jupiter.api.Test;

/** The kit's declarative error reader: where the message and code sit, what codes and statuses mean. */
class ErrorReaderTest {
    private static final ProviderSpec PROVIDER = new ProviderSpec("p", "p", "fake", List.of("image"), true, null, null, Instant.EPOCH);
    private final Upstream upstream = new Upstream(new ObjectMapper(), null, new SafeFetch(true, Duration.ofSeconds(1)),
            Duration.ofSeconds(1), Clock.systemUTC());

    private static HttpResponse<byte[]> answer(int status, String body) {
        return new HttpResponse<>() {
            public int statusCode() { return status; }
            public HttpRequest request() { return HttpRequest.newBuilder(URI.create("https://p.example/")).build(); }
            public Optional<HttpResponse<byte[]>> previousResponse() { return Optional.empty(); }
            public HttpHeaders headers() { return HttpHeaders.of(Map.of(), (a, b) -> true); }
            public byte[] body() { return body.getBytes(StandardCharsets.UTF_8); }
            public Optional<SSLSession> sslSession() { return Optional.empty(); }
            public URI uri() { return request().uri(); }
            public HttpClient.Version version() { return HttpClient.Version.HTTP_1_1; }
        };
    }

    private ProviderException read(ErrorReader reader, int status, String body) {
        HttpResponse<byte[]> response = answer(status, body);
        return reader.read(upstream, PROVIDER, response, response.body());
    }

    @Test
    void theMessageIsTakenFromTheFirstPlaceThatHoldsOne() {
        ErrorReader reader = ErrorReader.message("/message", "/error/message", "/error");
        ProviderException e = read(reader, 400, "{\"error\": {\"message\": \"width must be a multiple of 16\"}}");
        assertEquals(FailureClass.CALLER_ERROR, e.failure());
        assertTrue(e.getMessage().contains("width must be a multiple of 16"), e.getMessage());
        assertTrue(read(reader, 400, "not json").getMessage().startsWith("the provider rejected the request"));
    }

    @Test
    void theProvidersOwnCodesAndStatusesDecideBeforeTheUsualReading() {
        ErrorReader reader = ErrorReader.message("/errors").codes("/name", Map.of("content_moderation", FailureClass.MODERATION))
                .statuses(Map.of(413, FailureClass.CALLER_ERROR));
        assertEquals(FailureClass.MODERATION, read(reader, 403, "{\"name\": \"content_moderation\", \"errors\": [\"flagged\"]}").failure());
        assertEquals(FailureClass.CREDENTIALS, read(reader, 403, "{\"name\": \"forbidden\"}").failure());
        assertEquals(FailureClass.CALLER_ERROR, read(reader, 413, "{}").failure());
        assertEquals(FailureClass.GONE, read(reader, 404, "{}").failure());
        assertEquals(FailureClass.TRANSIENT, read(reader, 503, "{}").failure());
    }

    @Test
    void aRefusalWordedAsAPolicyOneIsModerationOnlyOnAValidationStatus() {
        ErrorReader reader = ErrorReader.message("/detail").moderation("(?s).*safety.*");
        assertEquals(FailureClass.MODERATION, read(reader, 400, "{\"detail\": \"Blocked by Safety filters\"}").failure());
        assertEquals(FailureClass.TRANSIENT, read(reader, 500, "{\"detail\": \"safety service down\"}").failure());
    }
}
