package io.mediagate.routing.providers.bedrock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
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
import io.mediagate.testing.TestImages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Nova Reel on Bedrock against a fake playing StartAsyncInvoke, GetAsyncInvoke and the S3 bucket the video is written
 * to, every call's SigV4 signature checked as AWS does (Bedrock's for the runtime, S3's for the object).
 */
@Exercises(adapters = "bedrock", value = "video")
class NovaReelConformanceTest extends AdapterConformance {
    static final String MODEL = "amazon.nova-reel-v1:1";
    /**
     * The offer the adapter was shipped with: Nova Reel reached its end of life on 2026-09-30 and the shipped catalog no
     * longer offers it (docs/providers.md), but the adapter still serves an operator's Bedrock video offer so.
     */
    static final OfferSpec OFFER = new OfferSpec("bedrock", new java.math.BigDecimal("0.08"), OfferUnit.SECOND, List.of("seed"), null, null, null,
            MODEL, Map.of("durations", "6,12,18,24,30,36,42,48,54,60,66,72,78,84,90,96,102,108,114,120"), null);
    static final String OUTPUT = "s3://mediagate-videos/reel";
    private final Map<String, String> settings = new HashMap<>();

    NovaReelConformanceTest() {
        super("bedrock", "video", true);
    }

    @BeforeEach
    void configure() {
        settings.putAll(Map.of(BedrockSettings.SECRET, SigV4Check.SECRET_KEY, BedrockSettings.REGION, SigV4Check.REGION,
                BedrockSettings.S3_ENDPOINT, fake.url(), BedrockSettings.OUTPUT_S3_URI, OUTPUT));
    }

    private BedrockVideoGenerator generator(Upstream upstream) {
        return new BedrockVideoGenerator(upstream, name -> Optional.ofNullable(settings.get(name)));
    }

    private VideoTask task(String prompt, double seconds, Path image, TaskControl control) {
        return new VideoTask(MODEL, OFFER.options(), "1.1", prompt, 1280, 720, seconds, image, null, Map.of("seed", 7), work, control);
    }

    /** Bedrock's answer for a model identifier it does not know: 404 {@code ResourceNotFoundException}. */
    @Override
    protected io.mediagate.routing.providers.conformance.FakeUpstream.Reply goneReply() {
        return io.mediagate.routing.providers.conformance.FakeUpstream.Reply.json(404, java.util.Map.of("message", "Could not resolve the foundation model from the provided model identifier."))
                .with("x-amzn-ErrorType", "ResourceNotFoundException:http://internal.amazon.com/coral/com.amazon.bedrock/");
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return List.of(generator(upstream).generate(provider, task(prompt, 6, null, control)).mime());
    }

    private static String prompt(JsonNode input) {
        return input.has("textToVideoParams") ? input.path("textToVideoParams").path("text").asText()
                : input.path("multiShotAutomatedParams").path("text").asText();
    }

    private Reply start(FakeUpstream fake, FakeUpstream.Recorded request) throws Exception {
        Reply refused = SigV4Check.refused(request, "bedrock", secret());
        if (refused != null) {
            return refused;
        }
        JsonNode body = request.json();
        Scenario scenario = Scenario.of(prompt(body.path("modelInput")));
        return switch (scenario) {
            case RATE_LIMITED -> SigV4Check.error(429, "ThrottlingException", "Too many requests, please wait before trying again.");
            case SERVER_ERROR -> SigV4Check.error(503, "ServiceUnavailableException", "Service is temporarily unavailable.");
            case INVALID_INPUT -> SigV4Check.error(400, "ValidationException", "Malformed input request: durationSeconds must be 6.");
            case MODERATED -> SigV4Check.error(400, "ValidationException", "This request has been blocked by our content filters.");
            case MALFORMED -> Reply.raw(200, "text/html", "<html>proxy</html>".getBytes(StandardCharsets.UTF_8));
            default -> {
                var job = fake.newJob(scenario);
                job.facts.put("body", body);
                yield Reply.json(200, Map.of("invocationArn", "arn:aws:bedrock:us-east-1:123456789012:async-invoke/" + job.id));
            }
        };
    }

    private Reply status(FakeUpstream fake, FakeUpstream.Recorded request) throws Exception {
        Reply refused = SigV4Check.refused(request, "bedrock", secret());
        if (refused != null) {
            return refused;
        }
        String arn = request.path().substring("/async-invoke/".length());
        var job = fake.jobs.get(arn.substring(arn.lastIndexOf('/') + 1));
        if (job == null || !request.rawPath().contains("%3Aasync-invoke%2F")) {
            return SigV4Check.error(404, "ResourceNotFoundException", "Invocation not found.");
        }
        JsonNode started = (JsonNode) job.facts.get("body");
        String s3Uri = started.path("outputDataConfig").path("s3OutputDataConfig").path("s3Uri").asText() + "/" + job.id;
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("invocationArn", arn);
        answer.put("modelArn", "arn:aws:bedrock:us-east-1::foundation-model/" + MODEL);
        answer.put("clientRequestToken", started.path("clientRequestToken").asText());
        answer.put("submitTime", "2026-11-25T10:00:00Z");
        answer.put("outputDataConfig", Map.of("s3OutputDataConfig", Map.of("s3Uri", s3Uri)));
        int poll = job.polls.incrementAndGet();
        if (poll < 3 || job.scenario == Scenario.NEVER_FINISHES) {
            answer.put("status", "InProgress");
        } else if (job.scenario == Scenario.JOB_FAILED) {
            answer.put("status", "Failed");
            answer.put("failureMessage", "Internal server error");
            answer.put("endTime", "2026-11-25T10:01:00Z");
        } else {
            answer.put("status", "Completed");
            answer.put("endTime", "2026-11-25T10:01:30Z");
        }
        return Reply.json(200, answer);
    }

    private Reply object(FakeUpstream fake, FakeUpstream.Recorded request) throws Exception {
        Reply refused = SigV4Check.refused(request, "s3", secret());
        if (refused != null) {
            return refused;
        }
        boolean written = fake.jobs.values().stream().anyMatch(j -> request.path().equals("/mediagate-videos/reel/" + j.id + "/output.mp4"));
        return written ? Reply.raw(200, "video/mp4", Samples.mp4())
                : Reply.raw(404, "application/xml", "<Error><Code>NoSuchKey</Code></Error>".getBytes(StandardCharsets.UTF_8));
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/async-invoke", request -> start(fake, request));
        fake.on("GET", "/async-invoke/", request -> status(fake, request));
        fake.on("GET", "/mediagate-videos/", request -> object(fake, request));
    }

    @Test
    void aSixSecondClipIsOneTextVideoShotWrittenToTheConfiguredBucket() throws Exception {
        Path image = Files.write(work.resolve("first.png"), TestImages.png(8, 8));
        generator(upstream(false)).generate(provider(), task("waves", 5, image, TaskControl.NONE));
        JsonNode body = fake.received().getFirst().json();
        assertEquals(MODEL, body.path("modelId").asText());
        assertEquals(OUTPUT, body.path("outputDataConfig").path("s3OutputDataConfig").path("s3Uri").asText());
        JsonNode input = body.path("modelInput");
        assertEquals("TEXT_VIDEO", input.path("taskType").asText());
        assertEquals("png", input.path("textToVideoParams").path("images").get(0).path("format").asText());
        assertEquals(6, input.path("videoGenerationConfig").path("durationSeconds").asInt());
        assertEquals("1280x720", input.path("videoGenerationConfig").path("dimension").asText());
        assertEquals(7, input.path("videoGenerationConfig").path("seed").asInt());
        assertTrue(fake.receivedAny("GET", "/mediagate-videos/reel/job1/output.mp4"), "read from S3");
    }

    @Test
    void aLongerClipIsAutomatedShotsOfSixSeconds() {
        generator(upstream(false)).generate(provider(), task("waves", 20, null, TaskControl.NONE));
        JsonNode input = fake.received().getFirst().json().path("modelInput");
        assertEquals("MULTI_SHOT_AUTOMATED", input.path("taskType").asText());
        assertEquals(24, input.path("videoGenerationConfig").path("durationSeconds").asInt());
        assertEquals(OFFER.secondsFor(20), input.path("videoGenerationConfig").path("durationSeconds").asInt(),
                "20 s asked: four 6 s shots made, and charged");
    }

    @Test
    void withoutAnOutputBucketNothingIsSent() {
        settings.remove(BedrockSettings.OUTPUT_S3_URI);
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertTrue(fake.received().isEmpty());
    }

    @Test
    void anAnswerPointingOutsideTheOutputBucketIsNotFollowed() {
        fake.on("GET", "/async-invoke/", request -> Reply.json(200, Map.of("status", "Completed",
                "outputDataConfig", Map.of("s3OutputDataConfig", Map.of("s3Uri", "s3://someone-elses-bucket/x")))));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(FailureClass.TRANSIENT, e.failure());
        assertTrue(fake.received().stream().noneMatch(r -> r.path().startsWith("/someone-elses-bucket")));
    }

    @Test
    void anInvocationStoppedByTheFiltersIsModeration() {
        fake.on("GET", "/async-invoke/", request -> Reply.json(200, Map.of("status", "Failed",
                "failureMessage", "The generated video has been blocked by our content filters.")));
        ProviderException e = assertThrows(ProviderException.class, () -> generate(upstream(false), provider(), "waves", TaskControl.NONE));
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
    }
}
