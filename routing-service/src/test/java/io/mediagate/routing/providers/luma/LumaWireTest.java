package io.mediagate.routing.providers.luma;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.Poller;
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
        Map<String, Object> body = LumaWire.request(task);
        assertEquals("9s", body.get("duration"), "6 s asked: the 9 s clip, as Luma writes it");
        assertEquals("720p", body.get("resolution"));
        assertEquals(true, body.get("loop"));
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
