package io.mediagate.routing.providers.omni;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.Samples;
import io.mediagate.routing.providers.gemini.GoogleFake;
import io.mediagate.testing.TestImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Gemini Omni through the Interactions API against a fake speaking Google's wire ({@link OmniFake}): the create body, the
 * interaction through {@code queued} and {@code in_progress} to completed (the video by URI, or inline), failed with
 * {@code errors[]} or a step's status, each error class in Google's two error shapes, a model Google does not serve (404
 * {@code NOT_FOUND}), cancel, and a source video uploaded to the Files API to be edited or continued.
 */
@Exercises(adapters = "omni", value = "video")
class OmniConformanceTest extends AdapterConformance {
    private static final String MODEL = "gemini-omni-1.1-flash";
    /** The offer's clip lengths, as the catalog's (commented) Omni offers list them: Omni's whole seconds from 3 to 10. */
    private static final Map<String, String> OPTIONS = Map.of("durations", "3,4,5,6,7,8,9,10");
    private OmniFake omni;

    OmniConformanceTest() {
        super("omni", "video", true);
    }

    @Override
    protected void play(FakeUpstream fake) {
        omni = new OmniFake(fake, secret());
        omni.play();
    }

    @Override
    protected FakeUpstream.Reply goneReply() {
        return OmniFake.notFound("gemini-omni-flash-preview");
    }

    @Override
    protected boolean resultsByUrl() {
        return true;
    }

    @Override
    protected String documentedHost() {
        return "generativelanguage.googleapis.com";
    }

    @Override
    protected String cancelCall() {
        return "/cancel";
    }

    @Override
    protected boolean retryAfterOnRateLimit() {
        return true;
    }

    @Override
    protected String basePath() {
        return "/v1beta";
    }

    private VideoTask task(String model, String prompt, int height, double seconds, Path image, Path source, TaskControl control) {
        return new VideoTask(model, OPTIONS, "1.1", prompt, height * 16 / 9, height, seconds, image, source, Map.of("seed", 42L), work, control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return List.of(new OmniVideoGenerator(upstream).generate(provider, task(MODEL, prompt, 720, 8, null, null, control)).mime());
    }

    private GeneratedVideo make(VideoTask task) {
        return new OmniVideoGenerator(upstream(false)).generate(provider(), task);
    }

    private JsonNode created() {
        return fake.received().stream().filter(r -> r.method().equals("POST") && r.path().equals("/v1beta/interactions"))
                .findFirst().orElseThrow().json();
    }

    @Exercises("duration")
    @Test
    void theCreateBodyIsGooglesAndAsksForTheClipItIsChargedFor() throws Exception {
        GeneratedVideo video = make(task(MODEL, "waves at dusk", 1080, 4.2, null, null, TaskControl.NONE));
        JsonNode body = created();
        assertEquals(MODEL, body.path("model").asText());
        assertEquals("waves at dusk", body.path("input").asText(), "text alone is a bare string");
        JsonNode format = body.path("response_format");
        assertEquals("video", format.path("type").asText());
        assertEquals("16:9", format.path("aspect_ratio").asText());
        assertEquals("1080p", format.path("resolution").asText());
        assertEquals("5s", format.path("duration").asText(), "4.2 s asked: the 5 s clip, as Google writes it");
        assertEquals("uri", format.path("delivery").asText());
        assertEquals(42, body.path("generation_config").path("seed").asInt());
        assertTrue(body.path("background").asBoolean());
        assertTrue(fake.receivedAny("GET", ":download"), "the video was downloaded with the key");
        assertArrayEquals(Samples.mp4(), Files.readAllBytes(video.file()));
    }

    @Test
    void everyClipLengthAndSizeOfTheOfferIsOneGoogleMakes() {
        for (int height : List.of(720, 1080)) {
            for (int seconds = 3; seconds <= 10; seconds++) {
                assertEquals("video/mp4", make(task(MODEL, "waves", height, seconds, null, null, TaskControl.NONE)).mime(), height + "p " + seconds + " s");
            }
        }
        assertEquals("video/mp4", make(task("gemini-omni-1.2-flash", "waves", 720, 10, null, null, TaskControl.NONE)).mime());
    }

    @Exercises("first-frame")
    @Test
    void aFirstFrameGoesInlineAsImageToVideo() throws Exception {
        Path image = Files.write(work.resolve("first.png"), TestImages.png(8, 8));
        make(task(MODEL, "the lantern swings", 720, 8, image, null, TaskControl.NONE));
        JsonNode body = created();
        JsonNode input = body.path("input");
        assertEquals("image", input.path(0).path("type").asText());
        assertEquals("image/png", input.path(0).path("mime_type").asText());
        assertArrayEquals(TestImages.png(8, 8), Base64.getDecoder().decode(input.path(0).path("data").asText()));
        assertEquals("the lantern swings", input.path(1).path("text").asText(), "the prompt as given, after the image");
        assertEquals("image_to_video", body.path("generation_config").path("video_config").path("task").asText());
    }

    @Exercises("source-video")
    @Test
    void aSourceVideoIsUploadedToTheFilesApiAndTheInteractionNamesIt() throws Exception {
        byte[] clip = Samples.mp4();
        Path source = Files.write(work.resolve("input-video"), clip);
        GeneratedVideo video = make(task(MODEL, "Continue the shot: the boat reaches the shore.", 720, 6, null, source, TaskControl.NONE));
        var start = fake.received().stream().filter(r -> "start".equals(r.header("X-Goog-Upload-Command"))).findFirst().orElseThrow();
        assertEquals("/upload/v1beta/files", start.path());
        assertEquals(String.valueOf(clip.length), start.header("X-Goog-Upload-Header-Content-Length"));
        assertEquals("video/mp4", start.header("X-Goog-Upload-Header-Content-Type"));
        String name = omni.uploaded.keySet().iterator().next();
        assertArrayEquals(clip, omni.uploaded.get(name), "the bytes Google holds are the source's");
        assertTrue(fake.received().stream().filter(r -> r.path().equals("/v1beta/" + name)).count() >= 2,
                "the file was looked at until it was ACTIVE (the fake refuses one that is not)");
        JsonNode body = created();
        assertEquals("video", body.path("input").path(0).path("type").asText());
        assertEquals(omni.files.get(name).get("uri"), body.path("input").path(0).path("uri").asText());
        assertEquals("video/mp4", body.path("input").path(0).path("mime_type").asText());
        assertEquals("Continue the shot: the boat reaches the shore.", body.path("input").path(1).path("text").asText());
        assertTrue(body.path("generation_config").path("video_config").isMissingNode(), "the model reads edit or continue from the prompt");
        assertTrue(body.path("response_format").path("aspect_ratio").isMissingNode(), "a source keeps its own frame");
        assertEquals("video/mp4", video.mime());
    }

    @Test
    void anEditGoogleDoesNotServeInThisRegionIsNotAskedAgainThere() throws Exception {
        Path source = Files.write(work.resolve("input-video"), Samples.mp4());
        fake.on("GET", "/v1beta/interactions/", request -> {
            var job = fake.jobs.get(request.path().substring("/v1beta/interactions/".length()));
            Map<String, Object> answer = new java.util.LinkedHashMap<>(omni.interaction(job, "completed"));
            answer.put("steps", List.of(OmniFake.output(List.of(), null)));
            answer.put("usage", Map.of("total_output_tokens", 0));
            return Reply.json(200, answer);
        });
        ProviderException e = assertThrows(ProviderException.class, () -> make(task(MODEL, "Make it anime.", 720, 6, null, source, TaskControl.NONE)));
        assertEquals(FailureClass.REJECTED, e.failure(), e.getMessage());
        assertTrue(e.getMessage().contains("EEA"), e.getMessage());
    }

    @Test
    void anUploadSessionOnAnotherHostIsRefusedBeforeTheVideoGoesThere() throws Exception {
        Path source = Files.write(work.resolve("input-video"), Samples.mp4());
        fake.on("POST", "/upload/v1beta/files", request -> Reply.raw(200, null, new byte[0])
                .with("x-goog-upload-url", "https://attacker.googleapis.com/upload/v1beta/files?upload_id=x"));
        ProviderException e = assertThrows(ProviderException.class, () -> make(task(MODEL, "Make it anime.", 720, 6, null, source, TaskControl.NONE)));
        assertTrue(e.getMessage().contains("is not followed"), e.getMessage());
        assertFalse(fake.receivedAny("POST", "/v1beta/interactions"), "nothing was generated");
    }

    @Test
    void aVideoSentInlineIsKeptWithoutADownload() throws Exception {
        fake.on("GET", "/v1beta/interactions/", request -> {
            var job = fake.jobs.get(request.path().substring("/v1beta/interactions/".length()));
            Map<String, Object> answer = new java.util.LinkedHashMap<>(omni.interaction(job, "completed"));
            answer.put("steps", List.of(Map.of("type", "thought", "signature", "Epcw"), OmniFake.output(List.of(Map.of("type", "video",
                    "mime_type", "video/mp4", "data", Base64.getEncoder().encodeToString(Samples.mp4()))), null)));
            return Reply.json(200, answer);
        });
        GeneratedVideo video = make(task(MODEL, "waves", 720, 8, null, null, TaskControl.NONE));
        assertEquals("video/mp4", video.mime());
        assertArrayEquals(Samples.mp4(), Files.readAllBytes(video.file()));
        assertFalse(fake.receivedAny("GET", "/v1beta/files/"), "nothing downloaded");
    }

    @Test
    void aFailedInteractionSaysWhatGoogleSaid() {
        ProviderException e = assertThrows(ProviderException.class,
                () -> make(task(MODEL, "sea [job_failed]", 720, 8, null, null, TaskControl.NONE)));
        assertEquals(FailureClass.TRANSIENT, e.failure());
        assertTrue(e.getMessage().contains("Internal error encountered."), e.getMessage());
    }

    @Test
    void aModelGoogleDoesNotServeIsGoneAndAskedOnce() {
        ProviderException e = assertThrows(ProviderException.class,
                () -> make(task("gemini-omni-flash-preview", "waves", 720, 8, null, null, TaskControl.NONE)));
        assertEquals(FailureClass.GONE, e.failure(), e.getMessage());
        assertEquals(1, fake.received().size());
    }

    @Test
    void aClipLengthGoogleDoesNotMakeIsRefusedAsGoogleRefusesIt() {
        VideoTask twelve = new VideoTask(MODEL, Map.of("durations", "12"), "1.1", "waves", 1280, 720, 12, null, null, Map.of(), work, TaskControl.NONE);
        ProviderException e = assertThrows(ProviderException.class, () -> make(twelve));
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
        assertTrue(e.getMessage().contains("between 3s and 10s"), e.getMessage());
    }

    @Test
    void quotaRetryDelayIsKept() {
        ProviderException e = assertThrows(ProviderException.class,
                () -> make(task(MODEL, "sea [rate_limited]", 720, 8, null, null, TaskControl.NONE)));
        assertEquals(Duration.ofSeconds(23), e.retryAfter().orElseThrow());
    }

    @Test
    void aProjectOutsideTheServedRegionsMakesTheProviderUnavailable() {
        fake.on("POST", "/v1beta/interactions", request -> GoogleFake.error(400, "FAILED_PRECONDITION",
                "User location is not supported for the API use.", List.of()));
        ProviderException e = assertThrows(ProviderException.class, () -> make(task(MODEL, "waves", 720, 8, null, null, TaskControl.NONE)));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(FailureClass.CREDENTIALS, e.failure());
    }
}
