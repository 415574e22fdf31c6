package io.mediagate.routing.providers.luma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.VideoTask;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Luma's wire read and written without a server: what a task asks, what each generation state means. */
class LumaWireTest {
    private static final ProviderSpec LUMA = new ProviderSpec("luma", "Luma", "luma", List.of("video"), true, null, null, Instant.EPOCH);
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void aTaskAsksForTheClipLengthItIsChargedFor() {
        var task = new VideoTask("ray-2", Map.of("durations", "5,9"), "2", "waves", 1280, 720, 6, null, null, Map.of("loop", true),
                Path.of("/tmp"), TaskControl.NONE);
        var body = json.valueToTree(LumaWire.request(LUMA, task));
        assertEquals("9s", body.path("duration").asText(), "6 s asked: the 9 s clip, as Luma writes it");
        assertEquals("720p", body.path("resolution").asText());
        assertEquals(true, body.path("loop").asBoolean());
        assertEquals("16:9", body.path("aspect_ratio").asText());
    }

    private JsonNodeShape shape(int width, int height) {
        var task = new VideoTask("ray-2", Map.of("durations", "5,9"), "2", "waves", width, height, 5, null, null, Map.of(),
                Path.of("/tmp"), TaskControl.NONE);
        var body = json.valueToTree(LumaWire.request(LUMA, task));
        return new JsonNodeShape(body.path("aspect_ratio").asText(), body.path("resolution").asText());
    }

    private record JsonNodeShape(String aspectRatio, String resolution) {}

    @Test
    void aFrameIsAskedForAsLumasRatioAtTheResolutionOfItsShortSide() {
        assertEquals(new JsonNodeShape("9:16", "720p"), shape(720, 1280));
        assertEquals(new JsonNodeShape("1:1", "720p"), shape(720, 720));
        assertEquals(new JsonNodeShape("21:9", "720p"), shape(1680, 720));
        assertEquals(new JsonNodeShape("3:4", "540p"), shape(480, 640));
        assertEquals(new JsonNodeShape("9:21", "720p"), shape(720, 1680));
    }

    @Test
    void aFrameOfARatioLumaDoesNotTakeIsTheOffersFaultNeverAnotherShape() {
        var refused = assertThrows(ProviderException.class, () -> shape(720, 900));
        assertEquals(FailureClass.REJECTED, refused.failure(), "4:5 is not Luma's: the next offer is tried");
        assertTrue(new LumaVideoGenerator(null).makes("9:16") && !new LumaVideoGenerator(null).makes("4:5"));
    }

    @Test
    void aParameterNeverOverridesADeclaredField() {
        var task = new VideoTask("ray-2", Map.of("durations", "5,9"), "2", "waves", 1280, 720, 5, null, null,
                Map.of("model", "other", "duration", "1s"), Path.of("/tmp"), TaskControl.NONE);
        var body = json.valueToTree(LumaWire.request(LUMA, task));
        assertEquals("ray-2", body.path("model").asText());
        assertEquals("5s", body.path("duration").asText());
    }

    @Test
    void aStateLumaAddsLaterOrAnAnswerOfAnotherShapeIsTheProvidersFailure() throws Exception {
        var unknown = assertThrows(ProviderException.class, () -> LumaWire.state(LUMA, json.readTree("{\"state\": \"upscaling\"}")));
        assertTrue(unknown.getMessage().contains("upscaling"), unknown.getMessage());
        assertEquals(FailureClass.TRANSIENT, unknown.failure());
        var shape = assertThrows(ProviderException.class, () -> LumaWire.state(LUMA, json.readTree("{\"assets\": \"none\"}")));
        assertEquals(FailureClass.TRANSIENT, shape.failure());
    }

    @Test
    void eachStateMeansWhatLumaSays() throws Exception {
        assertInstanceOf(Poller.Poll.Pending.class, LumaWire.state(LUMA, json.readTree("{\"state\": \"dreaming\"}")));
        var done = LumaWire.state(LUMA, json.readTree("{\"state\": \"completed\", \"assets\": {\"video\": \"https://cdn.luma/v.mp4\"}}"));
        assertEquals("https://cdn.luma/v.mp4", ((Poller.Poll.Done<String>) done).value());
        var refused = LumaWire.state(LUMA, json.readTree("{\"state\": \"failed\", \"failure_reason\": \"Prompt not allowed by moderation\"}"));
        assertEquals(FailureClass.MODERATION, ((Poller.Poll.Failed<String>) refused).error().failure());
        var failed = LumaWire.state(LUMA, json.readTree("{\"state\": \"failed\", \"failure_reason\": \"GPU error\"}"));
        assertEquals(FailureClass.TRANSIENT, ((Poller.Poll.Failed<String>) failed).error().failure());
    }
}
