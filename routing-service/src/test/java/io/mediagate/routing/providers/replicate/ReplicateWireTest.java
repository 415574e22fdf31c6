package io.mediagate.routing.providers.replicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.conformance.Exercises;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Replicate's wire read and written without a server: pinned versions, model-shaped outputs, progress from logs. */
@Exercises(adapters = "replicate", value = "image")
class ReplicateWireTest {
    private static final ProviderSpec REPLICATE = new ProviderSpec("replicate", "Replicate", "replicate", List.of("image"), true, null,
            null, Instant.EPOCH);
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void aPinnedVersionIsCreatedAtPredictionsWithItsVersion() {
        assertEquals("https://r/v1/predictions", ReplicateWire.endpoint("https://r/v1", "owner/model:abc123"));
        assertEquals("https://r/v1/models/owner/model/predictions", ReplicateWire.endpoint("https://r/v1", "owner/model"));
        assertEquals("abc123", json.valueToTree(ReplicateWire.prediction("owner/model:abc123", Map.of("prompt", "x"))).path("version").asText());
        assertFalse(json.valueToTree(ReplicateWire.prediction("owner/model", Map.of("prompt", "x"))).has("version"));
        assertEquals("x", json.valueToTree(ReplicateWire.prediction("owner/model", Map.of("prompt", "x"))).path("input").path("prompt").asText());
    }

    @Test
    void outputsOfAnyShapeGiveTheirUrlsAndLogsTheirProgress() throws Exception {
        List<String> urls = new ArrayList<>();
        ReplicateWire.collect(json.readTree("[{\"image\": \"https://r/1.png\"}, \"https://r/2.png\", \"not a url\"]"), urls);
        assertEquals(List.of("https://r/1.png", "https://r/2.png"), urls);
        assertEquals(64, ReplicateWire.percent("step 10%\nstep 40%\n 64%|######"));
        var running = ReplicateWire.state(REPLICATE, json.readTree("{\"status\": \"processing\", \"logs\": \"50%\"}"));
        assertEquals(50, ((Poller.Poll.Pending<List<String>>) running).percent());
    }

    @Exercises({"first-frame", "last-frame"})
    @Test
    void aLastFrameGoesUnderTheOffersLastFrameFieldAndAnOfferWithoutOneIsPassedOver() {
        var offer = io.mediagate.routing.providers.conformance.ShippedOffers.offer("replicate", "minimax/hailuo-02");
        var task = new io.mediagate.routing.providers.VideoTask("minimax/hailuo-02", offer.options(), "02", "waves", 1280, 720, 6, null, null,
                Map.of(), java.nio.file.Path.of("/tmp"), io.mediagate.routing.providers.TaskControl.NONE);
        Map<String, Object> input = ReplicateWire.video(task, "data:image/png;base64,Rg==", "data:image/png;base64,TA==");
        assertEquals("data:image/png;base64,Rg==", input.get("first_frame_image"));
        assertEquals("data:image/png;base64,TA==", input.get("last_frame_image"), "Hailuo 02's last_frame_image, as the shipped offer names it");
        var plain = new io.mediagate.routing.providers.VideoTask("owner/model", Map.of(), "1", "waves", 1280, 720, 5, null, null,
                Map.of(), java.nio.file.Path.of("/tmp"), io.mediagate.routing.providers.TaskControl.NONE);
        var refused = org.junit.jupiter.api.Assertions.assertThrows(io.mediagate.routing.providers.ProviderException.class,
                () -> ReplicateWire.video(plain, "data:image/png;base64,Rg==", "data:image/png;base64,TA=="));
        assertEquals(io.mediagate.common.events.FailureClass.REJECTED, refused.failure(), "never sent without its last frame");
    }
}
