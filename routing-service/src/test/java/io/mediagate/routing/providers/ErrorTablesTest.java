package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.providers.bedrock.BedrockCalls;
import io.mediagate.routing.providers.fal.FalWire;
import io.mediagate.routing.providers.gemini.GoogleErrors;
import io.mediagate.routing.providers.kling.KlingWire;
import io.mediagate.routing.providers.minimax.MiniMaxWire;
import io.mediagate.routing.providers.openai.OpenAiWire;
import io.mediagate.routing.providers.replicate.ReplicateWire;
import io.mediagate.routing.providers.vidu.ViduWire;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Each provider's error table read against answers worded as the provider's own reference shows them: what the caller
 * would see (moderation, a refused field, an unavailable provider, a wait) follows the provider's code, not our guess.
 */
class ErrorTablesTest {
    private static final ProviderSpec PROVIDER = new ProviderSpec("p", "p", "fake", List.of("image"), true, null, null, Instant.EPOCH);
    private final Upstream upstream = new Upstream(new ObjectMapper(), null, new SafeFetch(true, Duration.ofSeconds(1)),
            Duration.ofSeconds(1), Clock.systemUTC());

    private ProviderException read(ErrorReader reader, int status, String body) {
        return read(reader, status, body, Map.of());
    }

    private ProviderException read(ErrorReader reader, int status, String body, Map<String, List<String>> headers) {
        ErrorAnswer answer = ErrorAnswer.of(status, body, headers);
        return reader.read(upstream, PROVIDER, answer, answer.body());
    }

    @Test
    void openAiCodesDecideWhateverTheStatusAndNameTheFieldAtFault() {
        ErrorReader openai = OpenAiWire.ERRORS;
        assertEquals(FailureClass.MODERATION, read(openai, 400, "{\"error\": {\"message\": \"Your request was rejected by the safety "
                + "system.\", \"type\": \"image_generation_user_error\", \"param\": null, \"code\": \"moderation_blocked\"}}").failure());
        assertEquals(FailureClass.QUOTA, read(openai, 429, "{\"error\": {\"code\": \"insufficient_quota\"}}").failure());
        assertEquals(FailureClass.GONE, read(openai, 404, "{\"error\": {\"code\": \"DeploymentNotFound\"}}").failure());
        ProviderException size = read(openai, 400, "{\"error\": {\"message\": \"Invalid value: '999x999'.\", \"type\": "
                + "\"invalid_request_error\", \"param\": \"size\", \"code\": \"invalid_value\"}}");
        assertEquals(FailureClass.CALLER_ERROR, size.failure());
        assertEquals("size", size.param());
    }

    @Test
    void falTellsItsPlatformsFailuresFromAModelsRefusal() {
        ErrorReader fal = FalWire.ERRORS;
        assertEquals(FailureClass.TRANSIENT, read(fal, 400, "{\"detail\": \"Runner disconnected\"}",
                Map.of("X-Fal-Error-Type", List.of("runner_disconnected"))).failure());
        ProviderException malformed = read(fal, 400, "{\"detail\": \"Invalid timeout header\", \"error_type\": \"bad_request\"}");
        assertEquals(FailureClass.CALLER_ERROR, malformed.failure());
        assertNull(malformed.param(), "a request we built wrong names no field of the caller's: the offer's fault");
        assertEquals(FailureClass.MODERATION, read(fal, 422, "{\"detail\": [{\"loc\": [\"body\", \"image_url\"], \"msg\": \"too small\", "
                + "\"type\": \"image_too_small\"}, {\"loc\": [\"body\", \"prompt\"], \"msg\": \"The content was flagged by a content "
                + "checker.\", \"type\": \"content_policy_violation\"}]}").failure());
        ProviderException large = read(fal, 422, "{\"detail\": [{\"loc\": [\"body\", \"image_size\", \"width\"], \"msg\": \"too large\", "
                + "\"type\": \"less_than_equal\"}]}");
        assertEquals(FailureClass.CALLER_ERROR, large.failure());
        assertEquals("width", large.param());
    }

    @Test
    void googleReadsABadKeyFromItsReasonAndTheWaitFromRetryInfo() {
        ErrorReader google = GoogleErrors.ERRORS;
        assertEquals(FailureClass.CREDENTIALS, read(google, 400, "{\"error\": {\"code\": 400, \"message\": \"API key not valid.\", "
                + "\"status\": \"INVALID_ARGUMENT\", \"details\": [{\"@type\": \"type.googleapis.com/google.rpc.ErrorInfo\", "
                + "\"reason\": \"API_KEY_INVALID\", \"domain\": \"googleapis.com\"}]}}").failure());
        assertEquals(FailureClass.CREDENTIALS, read(google, 400, "{\"error\": {\"code\": 400, \"message\": \"User location is not "
                + "supported for the API use.\", \"status\": \"FAILED_PRECONDITION\"}}").failure());
        ProviderException limited = read(google, 429, "{\"error\": {\"code\": 429, \"status\": \"RESOURCE_EXHAUSTED\", \"details\": "
                + "[{\"@type\": \"type.googleapis.com/google.rpc.RetryInfo\", \"retryDelay\": \"23s\"}]}}");
        assertEquals(Optional.of(Duration.ofSeconds(23)), limited.retryAfter());
        assertEquals(FailureClass.CALLER_ERROR, read(google, 400, "{\"error\": {\"code\": 400, \"message\": \"Invalid aspect ratio\", "
                + "\"status\": \"INVALID_ARGUMENT\"}}").failure());
    }

    @Test
    void codesInsideA200OrAFailedJobAreReadByTheSameTables() {
        assertEquals(FailureClass.MODERATION, read(KlingWire.ERRORS, 400, "{\"code\": 1301, \"message\": \"content security\"}").failure());
        assertEquals(FailureClass.QUOTA, read(KlingWire.ERRORS, 200, "{\"code\": 1102, \"message\": \"resource pack exhausted\"}").failure());
        assertEquals(FailureClass.MODERATION, KlingWire.ERRORS.ofCode(PROVIDER, null, "Failure to pass the risk control system").failure());
        assertNull(KlingWire.ERRORS.ofCode(PROVIDER, null, "Generation failed, please try again later"));

        assertEquals(FailureClass.CREDENTIALS, read(MiniMaxWire.ERRORS, 401, "{\"error\": {\"message\": \"invalid api key (2049)\"}}").failure());
        assertEquals(FailureClass.RATE_LIMITED, read(MiniMaxWire.ERRORS, 200,
                "{\"task_id\": \"\", \"base_resp\": {\"status_code\": 1002, \"status_msg\": \"rate limit\"}}").failure());
        assertEquals(FailureClass.MODERATION, MiniMaxWire.ERRORS.ofCode(PROVIDER, "1027", "output new_sensitive").failure());

        ProviderException image = read(ViduWire.ERRORS, 400, "{\"reason\": \"ImageCheckFaceFailed\", \"message\": \"no face\"}");
        assertEquals("image", image.param(), "a refused image is the caller's input");
        assertEquals(FailureClass.QUOTA, ViduWire.ERRORS.ofCode(PROVIDER, "CreditInsufficient", null).failure());
    }

    @Test
    void bedrockNamesItsExceptionInAHeaderOrTheBody() {
        ErrorReader bedrock = BedrockCalls.ERRORS;
        assertEquals(FailureClass.RATE_LIMITED, read(bedrock, 400, "{\"message\": \"Too many requests\"}",
                Map.of("x-amzn-ErrorType", List.of("ThrottlingException:http://internal.amazon.com/coral/com.amazon.bedrock/"))).failure());
        assertEquals(FailureClass.GONE, read(bedrock, 404, "{\"__type\": \"com.amazon.coral.service#ResourceNotFoundException\", "
                + "\"Message\": \"Model not found\"}").failure());
        assertEquals(FailureClass.MODERATION, read(bedrock, 400, "{\"message\": \"This request has been blocked by our content filters.\"}",
                Map.of("x-amzn-ErrorType", List.of("ValidationException"))).failure());
        assertEquals(FailureClass.CALLER_ERROR, read(bedrock, 400, "{\"message\": \"width must be a multiple of 16\"}",
                Map.of("x-amzn-ErrorType", List.of("ValidationException"))).failure());
    }

    @Test
    void replicateWordsItsWaitInTheDetail() {
        ProviderException limited = read(ReplicateWire.ERRORS, 429, "{\"title\": \"Request was throttled\", \"detail\": "
                + "\"Request was throttled. Your rate limit resets in ~30s. Expected available in 7 seconds.\", \"status\": 429}");
        assertEquals(Optional.of(Duration.ofSeconds(7)), limited.retryAfter());
    }
}
