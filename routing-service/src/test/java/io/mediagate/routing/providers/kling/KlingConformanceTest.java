package io.mediagate.routing.providers.kling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.Samples;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.routing.providers.conformance.ShippedOffers;
import io.mediagate.testing.TestImages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Kling against a fake speaking its wire format: a JWT (HS256, issuer the access key) checked on every
 * call, {@code {code, message, request_id, data}} envelopes with Kling's service codes, tasks through
 * submitted/processing to succeed or failed.
 */
@Exercises(adapters = "kling", value = "video")
class KlingConformanceTest extends AdapterConformance {
    private static final String SECRET_KEY = "kling-secret-key-1";
    private static final ObjectMapper JSON = new ObjectMapper();
    private String secretKey = SECRET_KEY;

    KlingConformanceTest() {
        super("kling", "video", true);
    }

    @Override
    protected boolean resultsByUrl() {
        return true;
    }

    private KlingVideoGenerator generator(Upstream upstream) {
        return new KlingVideoGenerator(upstream, name -> KlingVideoGenerator.SECRET_SETTING.equals(name)
                ? Optional.ofNullable(secretKey) : Optional.empty());
    }

    private VideoTask task(String prompt, Path image, TaskControl control) {
        return new VideoTask("kling-v2-1-master", Map.of("mode", "pro", "durations", ShippedOffers.offer("kling", "kling-v2-1-master").options().get("durations")), "2.1", prompt, 1080, 1920, 6, image, null,
                Map.of("cfg_scale", 0.5), work, control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return List.of(generator(upstream).generate(provider, task(prompt, null, control)).mime());
    }

    private static Reply envelope(int status, int code, String message, Object data) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("code", code);
        body.put("message", message);
        body.put("request_id", "req-" + System.nanoTime());
        if (data != null) {
            body.put("data", data);
        }
        return Reply.json(status, body);
    }

    /** HMAC-SHA256 as the fake computes it, apart from the adapter's own code. */
    private static byte[] hs256(String key, String content) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        return mac.doFinal(content.getBytes(StandardCharsets.UTF_8));
    }

    /** Kling's token check: HS256 over header.claims with the secret key, issuer the access key, within nbf..exp. */
    private Reply refused(FakeUpstream.Recorded request) throws Exception {
        String auth = request.header("Authorization");
        if (auth == null || !auth.startsWith("Bearer ")) {
            return envelope(401, 1001, "Authorization is empty", null);
        }
        String[] parts = auth.substring(7).split("\\.");
        if (parts.length != 3) {
            return envelope(401, 1002, "Authorization is invalid", null);
        }
        byte[] expected = hs256(SECRET_KEY, parts[0] + "." + parts[1]);
        JsonNode header = JSON.readTree(Base64.getUrlDecoder().decode(parts[0]));
        JsonNode claims = JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
        long now = Instant.now().getEpochSecond();
        if (!"HS256".equals(header.path("alg").asText()) || !MessageDigest.isEqual(expected, Base64.getUrlDecoder().decode(parts[2]))
                || !secret().equals(claims.path("iss").asText())) {
            return envelope(401, 1000, "Authentication failed", null);
        }
        if (claims.path("nbf").asLong() > now) {
            return envelope(401, 1003, "Authorization is not yet valid", null);
        }
        if (claims.path("exp").asLong() <= now) {
            return envelope(401, 1004, "Authorization has expired", null);
        }
        return null;
    }

    private Reply create(FakeUpstream fake, FakeUpstream.Recorded request) throws Exception {
        Reply refused = refused(request);
        if (refused != null) {
            return refused;
        }
        Scenario scenario = Scenario.of(request.json().path("prompt").asText());
        return switch (scenario) {
            case RATE_LIMITED -> envelope(429, 1302, "API request too fast, please slow down", null);
            case SERVER_ERROR -> envelope(500, 5000, "Server internal error", null);
            case INVALID_INPUT -> envelope(400, 1201, "Invalid request parameters: duration value '6' is invalid", null);
            case MODERATED -> envelope(400, 1301, "Trigger the content security policy", null);
            case MALFORMED -> Reply.raw(200, "text/html", "<html>gateway</html>".getBytes(StandardCharsets.UTF_8));
            default -> {
                var job = fake.newJob(scenario);
                job.facts.put("body", request.json());
                yield envelope(200, 0, "SUCCEED", Map.of("task_id", job.id, "task_status", "submitted",
                        "created_at", 1767225600000L, "updated_at", 1767225600000L));
            }
        };
    }

    private Reply query(FakeUpstream fake, FakeUpstream.Recorded request) throws Exception {
        Reply refused = refused(request);
        if (refused != null) {
            return refused;
        }
        String id = request.path().substring(request.path().lastIndexOf('/') + 1);
        var job = fake.jobs.get(id);
        if (job == null) {
            return envelope(404, 1203, "task not found", null);
        }
        int poll = job.polls.incrementAndGet();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("task_id", id);
        data.put("created_at", 1767225600000L);
        data.put("updated_at", 1767225660000L);
        if (poll < 3 || job.scenario == Scenario.NEVER_FINISHES) {
            data.put("task_status", poll == 1 ? "submitted" : "processing");
        } else if (job.scenario == Scenario.JOB_FAILED) {
            data.put("task_status", "failed");
            data.put("task_status_msg", "Generation failed, please try again later");
        } else {
            data.put("task_status", "succeed");
            data.put("task_status_msg", "");
            data.put("task_result", Map.of("videos", List.of(Map.of("id", "v-" + id,
                    "url", fake.link() + "/cdn/" + id + ".mp4", "duration", "5.1"))));
        }
        return envelope(200, 0, "SUCCEED", data);
    }

    @Override
    protected void play(FakeUpstream fake) {
        for (String kind : List.of("text2video", "image2video")) {
            fake.on("POST", "/v1/videos/" + kind, request -> create(fake, request));
            fake.on("GET", "/v1/videos/" + kind + "/", request -> query(fake, request));
        }
        fake.on("GET", "/cdn/", request -> Reply.raw(200, "video/mp4", Samples.mp4()));
    }

    @Exercises({"aspect_ratio=9:16", "duration"})
    @Test
    void textToVideoAsksForTheNearestRatioAStringDurationAndTheOffersMode() {
        generator(upstream(false)).generate(provider(), task("waves", null, TaskControl.NONE));
        var created = fake.received().getFirst();
        assertEquals("/v1/videos/text2video", created.path());
        JsonNode body = created.json();
        assertEquals("kling-v2-1-master", body.path("model_name").asText());
        assertEquals("9:16", body.path("aspect_ratio").asText());
        assertTrue(body.path("duration").isTextual(), "Kling takes the duration as a string");
        assertEquals("10", body.path("duration").asText(), "6 s asked: the next length Kling makes");
        assertEquals(String.valueOf(ShippedOffers.offer("kling", "kling-v2-1-master").secondsFor(6)), body.path("duration").asText(),
                "the clip asked for is the one the request is charged for");
        assertEquals("pro", body.path("mode").asText());
        assertEquals(0.5, body.path("cfg_scale").asDouble());
        assertTrue(fake.receivedAny("GET", "/v1/videos/text2video/job"), "polled on the task's own path");
    }

    @Exercises("aspect_ratio=1:1")
    @Test
    void aSquareFrameIsKlingsSquareAndARatioKlingHasNotIsPassedOverNeverReshaped() {
        VideoTask square = new VideoTask("kling-v2-1-master", Map.of("durations", "5,10"), "2.1", "waves", 1080, 1080, 5, null, null,
                Map.of(), work, TaskControl.NONE);
        assertEquals("1:1", KlingWire.request(square, null).aspectRatio());
        VideoTask tall = new VideoTask("kling-v2-1-master", Map.of("durations", "5,10"), "2.1", "waves", 1080, 1350, 5, null, null,
                Map.of(), work, TaskControl.NONE);
        assertEquals(FailureClass.REJECTED, assertThrows(ProviderException.class, () -> KlingWire.request(tall, null)).failure(),
                "4:5 is not Kling's: the next offer is tried");
        assertTrue(generator(upstream(false)).makes("1:1") && !generator(upstream(false)).makes("4:5"));
    }

    @Exercises("first-frame")
    @Test
    void aFirstFrameGoesToImageToVideoAsBareBase64() throws Exception {
        byte[] png = TestImages.png(8, 8);
        Path image = Files.write(work.resolve("first.png"), png);
        generator(upstream(false)).generate(provider(), task("waves", image, TaskControl.NONE));
        var created = fake.received().getFirst();
        assertEquals("/v1/videos/image2video", created.path());
        assertEquals(Base64.getEncoder().encodeToString(png), created.json().path("image").asText());
        assertFalse(created.json().has("aspect_ratio"), "the frame sets the shape");
        assertTrue(fake.receivedAny("GET", "/v1/videos/image2video/job"));
    }

    @Test
    void theTokenIsValidFromJustBeforeNowForHalfAnHour() throws Exception {
        Instant now = Instant.parse("2026-11-25T10:00:00Z");
        String[] parts = KlingToken.sign("ak-1", "sk-1", now).split("\\.");
        JsonNode claims = JSON.readTree(Base64.getUrlDecoder().decode(parts[1]));
        assertEquals("ak-1", claims.path("iss").asText());
        assertEquals(now.getEpochSecond() - 5, claims.path("nbf").asLong());
        assertEquals(now.getEpochSecond() + 1800, claims.path("exp").asLong());
        assertTrue(MessageDigest.isEqual(hs256("sk-1", parts[0] + "." + parts[1]), Base64.getUrlDecoder().decode(parts[2])));
    }

    @Test
    void aWrongSecretKeyIsRefusedCredentials() {
        secretKey = "not-the-secret";
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(FailureClass.CREDENTIALS, e.failure());
    }

    @Test
    void aMissingSecretKeyNeverReachesKling() {
        secretKey = null;
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(FailureClass.CREDENTIALS, e.failure());
        assertTrue(fake.received().isEmpty());
    }

    @Test
    void anAccountOutOfResourcePacksMakesTheProviderUnavailable() {
        fake.on("POST", "/v1/videos/text2video", request -> envelope(429, 1102, "Resource pack depleted or expired", null));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(FailureClass.QUOTA, e.failure());
    }

    @Test
    void aGeneratedVideoStoppedByRiskControlIsModeration() {
        fake.on("GET", "/v1/videos/text2video/", request -> envelope(200, 0, "SUCCEED", Map.of("task_id", "job1",
                "task_status", "failed", "task_status_msg", "Failure to pass the risk control system")));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
    }
}
