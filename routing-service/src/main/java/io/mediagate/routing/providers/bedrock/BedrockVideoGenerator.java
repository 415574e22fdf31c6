package io.mediagate.routing.providers.bedrock;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHttp;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.WireJson;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Function;

/**
 * Amazon Nova Reel on Bedrock ({@code adapter: bedrock}, video): {@code POST /async-invoke} (StartAsyncInvoke) with
 * the model input and the S3 place to write to ({@code BEDROCK_OUTPUT_S3_URI}), then {@code GET
 * /async-invoke/{invocationArn}} through {@code InProgress} to {@code Completed} or {@code Failed}
 * ({@code failureMessage}); the video is {@code output.mp4} under the invocation's {@code s3Uri}, read from S3 with a
 * signed GET. Up to 6 s is one {@code TEXT_VIDEO} shot (from text or a 1280x720 first frame); longer clips are
 * {@code MULTI_SHOT_AUTOMATED} in 6 s shots, up to 120 s: the offer's {@code durations} lists those lengths (6, 12,
 * …, 120), so the clip asked for is the one charged. Bedrock cannot stop an async invocation, and reports no
 * progress.
 */
public class BedrockVideoGenerator implements VideoGenerator {
    static final int SHOT_SECONDS = 6;
    static final int MAX_SECONDS = 120;
    private final BedrockCalls calls;
    private final Function<String, Optional<String>> settings;

    public BedrockVideoGenerator(Upstream upstream, Function<String, Optional<String>> settings) {
        this.calls = new BedrockCalls(upstream);
        this.settings = settings;
    }

    /** {@code StartAsyncInvoke}: a token, the model, its input, and where the video is written. */
    record StartAsyncInvoke(String clientRequestToken, String modelId, ModelInput modelInput, OutputDataConfig outputDataConfig) {}

    /** One {@code TEXT_VIDEO} shot (with its first frame, maybe) or {@code MULTI_SHOT_AUTOMATED} shots, and the config. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record ModelInput(String taskType, Shot textToVideoParams, Shot multiShotAutomatedParams, VideoConfig videoGenerationConfig) {}

    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Shot(String text, List<Frame> images) {}

    /** A first frame: its format ({@code png}, {@code jpeg}) and its bytes in base64. */
    record Frame(String format, Source source) {}

    record Source(String bytes) {}

    /** The length, 24 fps, 1280x720; the offer's free parameters follow the declared fields. */
    record VideoConfig(int durationSeconds, int fps, String dimension, @JsonAnyGetter Map<String, Object> extra) {
    }

    record OutputDataConfig(S3OutputDataConfig s3OutputDataConfig) {}

    record S3OutputDataConfig(String s3Uri) {}

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        BedrockSettings where = BedrockSettings.read(provider, settings);
        S3Location output = S3Location.parse(where.outputS3Uri()).orElseThrow(() -> ProviderException.credentials(
                provider.id() + " has no valid " + BedrockSettings.OUTPUT_S3_URI + " (s3://bucket/prefix) for its videos"));
        task.requireNoSourceVideo(provider);
        int seconds = Shapes.duration(task.durationSeconds(), task.option("durations", null));
        if (seconds % SHOT_SECONDS != 0 || seconds > MAX_SECONDS) {
            throw ProviderException.credentials(provider.id() + "'s Nova Reel offer must list durations in " + SHOT_SECONDS
                    + " s shots up to " + MAX_SECONDS + " s, not " + task.option("durations", "none"));
        }
        if (seconds > SHOT_SECONDS && task.image() != null) {
            throw ProviderException.rejected("Nova Reel starts from an image only in one " + SHOT_SECONDS + " s shot");
        }
        VideoConfig config = new VideoConfig(seconds, 24, "1280x720", WireJson.extra(task.params(), VideoConfig.class));
        ModelInput input = seconds == SHOT_SECONDS
                ? new ModelInput("TEXT_VIDEO", new Shot(task.prompt(), task.image() == null ? null : List.of(frame(task.image()))), null, config)
                : new ModelInput("MULTI_SHOT_AUTOMATED", null, new Shot(task.prompt(), null), config);
        StartAsyncInvoke body = new StartAsyncInvoke(UUID.randomUUID().toString(), task.upstreamModel(), input,
                new OutputDataConfig(new S3OutputDataConfig(output.uri())));
        String written = calls.upstream().run(provider, task.control(), new UpstreamJob<>() {
            @Override
            public String submit() {
                String arn = Shapes.text(calls.post(provider, where, "/async-invoke", body), "invocationArn");
                if (arn == null || !arn.matches("arn:[a-z-]+:bedrock:[a-z0-9-]+:\\d*:async-invoke/[A-Za-z0-9]+")) {
                    throw ProviderException.failed(provider.id() + " answered without an invocationArn");
                }
                return arn;
            }

            @Override
            public Poller.Poll<String> poll(String arn) {
                return state(provider, calls.get(provider, where, "/async-invoke/" + BedrockCalls.segment(arn)));
            }
            // No cancel call is made: the invocation runs to its end at Bedrock (and is billed) when ours is cancelled.
        });
        S3Location result = S3Location.parse(written).filter(l -> l.within(output)).orElseThrow(() ->
                ProviderException.failed(provider.id() + " wrote its video outside " + BedrockSettings.OUTPUT_S3_URI));
        return download(provider, where, result.child("output.mp4"), task.workDir().resolve("nova-reel.mp4"));
    }

    private static Frame frame(Path image) {
        SourceImage frame = SourceImage.read(image);
        return new Frame(frame.mime().equals("image/jpeg") ? "jpeg" : "png", new Source(frame.base64()));
    }

    /** {@code GetAsyncInvoke}'s status; one this version does not know reads as {@code UNKNOWN}. */
    enum Status {
        @JsonProperty("InProgress") IN_PROGRESS,
        @JsonProperty("Completed") COMPLETED,
        @JsonProperty("Failed") FAILED,
        @JsonEnumDefaultValue UNKNOWN
    }

    /** {@code GetAsyncInvoke}: the fields read of it. */
    record Invocation(Status status, String failureMessage, OutputDataConfig outputDataConfig) {}

    private Poller.Poll<String> state(ProviderSpec provider, JsonNode answer) {
        Invocation invocation = WireJson.read(provider, answer, Invocation.class);
        return switch (invocation.status() == null ? Status.UNKNOWN : invocation.status()) {
            case IN_PROGRESS -> Poller.pending(null);
            case COMPLETED -> {
                OutputDataConfig out = invocation.outputDataConfig();
                String uri = out == null || out.s3OutputDataConfig() == null ? null : out.s3OutputDataConfig().s3Uri();
                if (uri == null) {
                    throw ProviderException.failed(provider.id() + " completed without an s3Uri");
                }
                yield Poller.done(uri);
            }
            case FAILED -> {
                String message = invocation.failureMessage();
                yield Poller.failed(BedrockCalls.blocked(message)
                        ? ProviderException.moderated("the request was refused by the provider's content policy")
                        : ProviderException.failed(provider.id() + " invocation failed" + (message == null ? "" : ": " + message)));
            }
            case UNKNOWN -> throw ProviderException.failed(provider.id() + " answered an unknown status " + Shapes.text(answer, "status"));
        };
    }

    /** The video from S3 with a signed GET, streamed to {@code target} up to the size a video may have. */
    private GeneratedVideo download(ProviderSpec provider, BedrockSettings where, S3Location object, Path target) {
        URI uri = URI.create(object.httpsUrl(where.region(), where.s3Endpoint()));
        HttpResponse<InputStream> response = ProviderHttp.stream(provider, calls.signer().sign(
                calls.upstream().request(uri.toString()), "GET", uri, Map.of(), null, where, "s3").build(), Upstream.MAX_VIDEO_BYTES);
        if (response.statusCode() != 200) {
            Upstream.drain(response);
            throw response.statusCode() == 403 ? ProviderException.credentials(provider.id() + " may not read its video from S3")
                    : ProviderException.failed(provider.id() + " video could not be read from S3 (" + response.statusCode() + ")");
        }
        try (InputStream in = response.body()) {
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
            byte[] head;
            try (InputStream start = Files.newInputStream(target)) {
                head = start.readNBytes(64);
            }
            String mime = ContentSniffer.mime(head).filter(m -> m.startsWith("video/"))
                    .orElseThrow(() -> ProviderException.failed(provider.id() + " wrote a file that is not a video"));
            return new GeneratedVideo(target, mime);
        } catch (IOException e) {
            throw ProviderException.failed(provider.id() + " video could not be read from S3");
        }
    }
}
