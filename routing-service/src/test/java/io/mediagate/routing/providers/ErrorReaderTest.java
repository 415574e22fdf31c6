package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.fetch.SafeFetch;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The kit's declarative error reader: where the message and code sit, what codes and statuses mean. */
class ErrorReaderTest {
    private static final ProviderSpec PROVIDER = new ProviderSpec("p", "p", "fake", List.of("image"), true, null, null, Instant.EPOCH);
    private final Upstream upstream = new Upstream(new ObjectMapper(), null, new SafeFetch(true, Duration.ofSeconds(1)),
            Duration.ofSeconds(1), Clock.systemUTC());

    static HttpResponse<byte[]> answer(int status, String body) {
        return ErrorAnswer.of(status, body, Map.of());
    }

    static HttpResponse<byte[]> answer(int status, String body, Map<String, List<String>> headers) {
        return ErrorAnswer.of(status, body, headers);
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

    @Test
    void aCodeIsFoundInAHeaderInsideALongerTextOrInAnyElementOfAList() {
        ErrorReader reader = ErrorReader.message("/message").codeHeader("x-amzn-ErrorType").codeForm("([A-Za-z]+Exception)")
                .codes(List.of("/__type", "/errors/*/type"), Map.of("ThrottlingException", FailureClass.RATE_LIMITED,
                        "ResourceNotFoundException", FailureClass.GONE, "content_policy_violation", FailureClass.MODERATION));
        HttpResponse<byte[]> throttled = answer(400, "{}", Map.of("x-amzn-ErrorType", List.of("ThrottlingException:http://internal.amazon.com/")));
        assertEquals(FailureClass.RATE_LIMITED, reader.read(upstream, PROVIDER, throttled, throttled.body()).failure());
        assertEquals(FailureClass.GONE, read(reader, 400, "{\"__type\": \"com.amazon.coral.service#ResourceNotFoundException\"}").failure());
        assertEquals(FailureClass.MODERATION, read(reader, 422, "{\"errors\": [{\"type\": \"value_error\"}, "
                + "{\"type\": \"content_policy_violation\"}]}").failure());
        assertEquals(FailureClass.CALLER_ERROR, read(reader, 422, "{\"errors\": [{\"type\": \"value_error\"}]}").failure());
    }

    @Test
    void theFieldAtFaultAndTheWaitOfARateLimitAreReadFromTheBody() {
        ErrorReader reader = ErrorReader.message("/detail/0/msg").param("/detail/0/loc").waitIn("\"retryDelay\": ?\"([0-9.]+)s\"");
        ProviderException refused = read(reader, 422, "{\"detail\": [{\"loc\": [\"body\", \"image_size\"], \"msg\": \"too large\"}]}");
        assertEquals("image_size", refused.param());
        assertTrue(refused.getMessage().contains("too large"), refused.getMessage());
        ProviderException limited = read(reader, 429, "{\"error\": {\"details\": [{\"retryDelay\": \"23s\"}]}}");
        assertEquals(FailureClass.RATE_LIMITED, limited.failure());
        assertEquals(Optional.of(Duration.ofSeconds(23)), limited.retryAfter());
    }
}
