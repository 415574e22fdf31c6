package io.mediagate.common.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.values.MediaKind;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A request built by name (origin, ask, the image or video part) is the same message on Kafka as before. */
class GenerationRequestTest {
    private final ObjectMapper json = new ObjectMapper().findAndRegisterModules();
    private final GenerationRequest.Origin origin = new GenerationRequest.Origin("job_1", "req_1", "usr_1", Tier.PRO, "key_1",
            Instant.parse("2026-11-26T00:00:00Z"));
    private final GenerationRequest.Ask ask = new GenerationRequest.Ask("acme/m", null, "cheapest", "a fox", io.mediagate.common.values.Size.of("512x512"), false,
            Map.of("seed", 3));

    @Test
    void anImageRequestCarriesEveryFieldUnderItsWireName() throws Exception {
        GenerationRequest r = GenerationRequest.image(origin, ask, 2, "b64_json", null, new ImageOptions(ImageOptions.Quality.HIGH,
                ImageOptions.Format.WEBP, 50, ImageOptions.Background.TRANSPARENT, null, null));
        JsonNode wire = json.readTree(json.writeValueAsString(r));
        assertEquals("job_1", wire.path("jobId").asText());
        assertEquals("pro", wire.path("tier").asText());
        assertEquals("IMAGE", wire.path("kind").asText().toUpperCase());
        assertEquals(2, wire.path("n").asInt());
        assertEquals("b64_json", wire.path("responseFormat").asText());
        assertEquals("key_1", wire.path("keyId").asText());
        assertEquals("webp", wire.path("imageOptions").path("outputFormat").asText());
        assertEquals("transparent", wire.path("imageOptions").path("background").asText());
        assertEquals(r, json.readValue(json.writeValueAsString(r), GenerationRequest.class), "read back whole");
    }

    @Test
    void aVideoRequestIsOneItemAnsweredByUrl() throws Exception {
        GenerationRequest r = GenerationRequest.video(origin, ask, 6.0, null, null, "med_1",
                new GenerationRequest.Webhook("https://hooks.example/x", List.of("stage", "completed")), null);
        assertEquals(MediaKind.VIDEO, r.kind());
        assertEquals(1, r.n());
        assertEquals("url", r.responseFormat());
        assertEquals("med_1", r.videoId());
        assertEquals(6.0, r.duration());
        assertEquals(List.of("stage", "completed"), r.webhookEvents());
        assertEquals(r, json.readValue(json.writeValueAsString(r), GenerationRequest.class), "read back whole, its webhook's events too");
    }

    @Test
    void theTierTravelsByItsWireNameAndAnUnknownOneCountsAsFree() throws Exception {
        String written = json.writeValueAsString(GenerationRequest.image(origin, ask, 1, "url", null, null));
        assertEquals(Tier.PRO, json.readValue(written, GenerationRequest.class).tier());
        GenerationRequest unknown = json.readValue(written.replace("\"tier\":\"pro\"", "\"tier\":\"platinum\""), GenerationRequest.class);
        assertEquals(null, unknown.tier());
        assertEquals(Tier.FREE.limits(), Tier.orFree(unknown.tier()).limits());
    }
}
