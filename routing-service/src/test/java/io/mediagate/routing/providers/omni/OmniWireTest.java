package io.mediagate.routing.providers.omni;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.providers.ErrorAnswer;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoTask;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Omni's wire read and written without a server: each interaction status, where the video is, Google's two error shapes. */
class OmniWireTest {
    private static final ProviderSpec OMNI = new ProviderSpec("google", "Google", "omni", List.of("video"), true, null, null, Instant.EPOCH);
    private final ObjectMapper json = new ObjectMapper();
    private final Upstream upstream = new Upstream(json, null, new SafeFetch(true, Duration.ofSeconds(1)), Duration.ofSeconds(1), Clock.systemUTC());

    private Poller.Poll<OmniWire.Video> state(String interaction, boolean edited) throws Exception {
        return OmniWire.state(OMNI, json.readTree(interaction), edited);
    }

    private ProviderException failure(String interaction) throws Exception {
        return ((Poller.Poll.Failed<OmniWire.Video>) state(interaction, false)).error();
    }

    private ProviderException read(int status, String body) {
        ErrorAnswer answer = ErrorAnswer.of(status, body, Map.of());
        return OmniWire.ERRORS.read(upstream, OMNI, answer, answer.body());
    }

    @Test
    void queuedAndInProgressWaitAndTheLastOutputStepsVideoIsTheResult() throws Exception {
        assertInstanceOf(Poller.Poll.Pending.class, state("{\"id\": \"v1_a\", \"status\": \"queued\"}", false));
        assertInstanceOf(Poller.Poll.Pending.class, state("{\"id\": \"v1_a\", \"status\": \"in_progress\"}", false));
        var done = (Poller.Poll.Done<OmniWire.Video>) state("{\"status\": \"completed\", \"steps\": ["
                + "{\"type\": \"model_output\", \"content\": [{\"type\": \"video\", \"uri\": \"https://generativelanguage.googleapis.com/v1beta/files/old:download?alt=media\"}]},"
                + "{\"type\": \"thought\", \"signature\": \"Epcw\"},"
                + "{\"type\": \"model_output\", \"content\": [{\"type\": \"text\", \"text\": \"Here it is\"}, {\"type\": \"video\", \"mime_type\": \"video/mp4\","
                + " \"uri\": \"https://generativelanguage.googleapis.com/v1beta/files/new:download?alt=media\", \"data\": null}], \"error\": null}]}", false);
        assertEquals("https://generativelanguage.googleapis.com/v1beta/files/new:download?alt=media", done.value().uri());
        byte[] mp4 = {0, 0, 0, 32, 'f', 't', 'y', 'p'};
        var inline = (Poller.Poll.Done<OmniWire.Video>) state("{\"status\": \"completed\", \"steps\": [{\"type\": \"model_output\", \"content\": "
                + "[{\"type\": \"video\", \"mime_type\": \"video/mp4\", \"data\": \"" + Base64.getEncoder().encodeToString(mp4) + "\", \"uri\": null}]}]}", false);
        assertArrayEquals(mp4, inline.value().data());
        assertNull(inline.value().uri());
    }

    @Test
    void anInteractionThatEndedWithoutAVideoSaysWhy() throws Exception {
        assertEquals(FailureClass.TRANSIENT, failure("{\"status\": \"completed\", \"steps\": [{\"type\": \"thought\"}]}").failure());
        var edited = (Poller.Poll.Failed<OmniWire.Video>) state("{\"status\": \"completed\", \"steps\": [{\"type\": \"model_output\", \"content\": []}],"
                + " \"usage\": {\"total_output_tokens\": 0}}", true);
        assertEquals(FailureClass.REJECTED, edited.error().failure(), "an upload Google does not edit here: the next offer, not this one again");
        for (String status : List.of("cancelled", "incomplete", "budget_exceeded", "requires_action", "requires_continuation")) {
            assertEquals(FailureClass.TRANSIENT, failure("{\"status\": \"" + status + "\"}").failure(), status);
        }
        assertThrows(ProviderException.class, () -> state("{\"status\": \"paused\"}", false), "a status the SDK does not know");
    }

    @Test
    void aFailedInteractionIsReadFromItsErrorsOrItsOutputStep() throws Exception {
        ProviderException internal = failure("{\"status\": \"failed\", \"errors\": [{\"message\": \"Internal error encountered.\"}]}");
        assertEquals(FailureClass.TRANSIENT, internal.failure());
        assertEquals(FailureClass.MODERATION, failure("{\"status\": \"failed\", \"errors\": [{\"message\": \"The prompt was blocked by safety filters.\"}]}").failure());
        assertEquals(FailureClass.MODERATION, failure("{\"status\": \"failed\", \"steps\": [{\"type\": \"model_output\", \"content\": [],"
                + " \"error\": {\"code\": 3, \"message\": \"The request was blocked by safety filters.\"}}]}").failure());
        assertEquals(FailureClass.CALLER_ERROR, failure("{\"status\": \"failed\", \"steps\": [{\"type\": \"model_output\", \"content\": [],"
                + " \"error\": {\"code\": 3, \"message\": \"Request contains an invalid argument.\"}}]}").failure());
        assertEquals(FailureClass.RATE_LIMITED, failure("{\"status\": \"failed\", \"steps\": [{\"type\": \"model_output\","
                + " \"error\": {\"code\": 8, \"message\": \"Resource has been exhausted.\"}}]}").failure());
        assertEquals(FailureClass.MODERATION, failure("{\"status\": \"completed\", \"steps\": [{\"type\": \"model_output\", \"content\": [],"
                + " \"error\": {\"code\": 3, \"message\": \"The output was blocked by safety filters.\"}}]}").failure(),
                "a completed interaction whose output step failed");
    }

    @Test
    void googlesTwoErrorShapesReadByCodeOrStatus() {
        assertEquals(FailureClass.CREDENTIALS, read(400, "{\"error\": {\"code\": 400, \"message\": \"API key not valid. Please pass a valid API key.\","
                + " \"status\": \"INVALID_ARGUMENT\", \"details\": [{\"@type\": \"type.googleapis.com/google.rpc.ErrorInfo\","
                + " \"reason\": \"API_KEY_INVALID\"}]}}").failure());
        assertEquals(FailureClass.CALLER_ERROR, read(400, "{\"error\": {\"message\": \"The legacy Interactions API schema is no longer supported.\","
                + " \"code\": \"invalid_request\"}}").failure(), "the Interactions API's string code, read by its status");
        assertEquals(FailureClass.GONE, read(404, "{\"error\": {\"code\": 404, \"message\": \"models/gemini-omni-flash-preview is not found for "
                + "API version v1beta.\", \"status\": \"NOT_FOUND\"}}").failure());
        assertEquals(FailureClass.MODERATION, read(400, "{\"error\": {\"code\": \"invalid_request\", \"message\": \"The prompt was blocked "
                + "by safety filters.\"}}").failure());
        ProviderException busy = read(429, "{\"error\": {\"code\": 429, \"message\": \"You exceeded your current quota.\", \"status\": "
                + "\"RESOURCE_EXHAUSTED\", \"details\": [{\"@type\": \"type.googleapis.com/google.rpc.RetryInfo\", \"retryDelay\": \"23s\"}]}}");
        assertEquals(Duration.ofSeconds(23), busy.retryAfter().orElseThrow());
    }

    @Test
    void theClipAndTheSizeAreWrittenAsGoogleTakesThem() {
        var task = new VideoTask("gemini-omni-1.2-flash", Map.of("durations", "3,4,5,6,7,8,9,10"), "1.2", "waves", 1280, 720, 9.5, null, null,
                Map.of(), Path.of("/tmp"), TaskControl.NONE);
        @SuppressWarnings("unchecked")
        Map<String, Object> body = json.convertValue(OmniWire.request(task, null, null, null), Map.class);
        @SuppressWarnings("unchecked")
        Map<String, Object> format = (Map<String, Object>) body.get("response_format");
        assertEquals("10s", format.get("duration"));
        assertEquals("720p", format.get("resolution"));
        assertNull(body.get("generation_config"), "nothing to configure: no empty object sent");
        assertEquals(FailureClass.REJECTED, assertThrows(ProviderException.class, () -> OmniWire.resolution(480)).failure(),
                "a size Omni does not make is the offer's mistake");
    }

    @Test
    void aDownloadAsksForTheBytes() {
        assertEquals("https://generativelanguage.googleapis.com/v1beta/files/a:download?alt=media",
                OmniVideoGenerator.media("https://generativelanguage.googleapis.com/v1beta/files/a:download"));
        assertEquals("https://generativelanguage.googleapis.com/v1beta/files/a:download?alt=media",
                OmniVideoGenerator.media("https://generativelanguage.googleapis.com/v1beta/files/a:download?alt=media"));
        assertEquals("https://h/v1beta/files/a:download?x=1&alt=media", OmniVideoGenerator.media("https://h/v1beta/files/a:download?x=1"));
    }

    @Test
    void uploadsGoToTheUploadPathOfTheApisVersion() {
        assertEquals("https://generativelanguage.googleapis.com/upload/v1beta/files", OmniFiles.uploads("https://generativelanguage.googleapis.com/v1beta"));
        assertEquals("http://127.0.0.1:8080/upload/v1/files", OmniFiles.uploads("http://127.0.0.1:8080/v1"));
    }

    @Test
    void aFailedInteractionWithoutAReasonIsWorthAnotherTry() throws Exception {
        JsonNode none = json.readTree("{\"status\": \"failed\"}");
        assertEquals(FailureClass.TRANSIENT, ((Poller.Poll.Failed<OmniWire.Video>) OmniWire.state(OMNI, none, false)).error().failure());
    }
}
