package io.mediagate.routing.providers.luma;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.VideoTask;
import io.mediagate.routing.providers.WireJson;
import java.util.List;
import java.util.Map;

/**
 * Luma Dream Machine's wire, no I/O: the generation request from our task, and a generation as Luma answers it
 * ({@code state} through {@code queued} and {@code dreaming} to {@code completed} with {@code assets.video}, or
 * {@code failed} with {@code failure_reason}).
 */
final class LumaWire {
    static final String MODERATION = "(?s).*(moderation|not allowed|prohibited|safety).*";
    /** Luma's errors are {@code {"detail": "..."}}; a refusal on policy grounds is worded in it. */
    static final ErrorReader ERRORS = ErrorReader.message("/detail").moderation(MODERATION);

    private LumaWire() {
    }

    /** {@code POST /generations/video}; the offer's free parameters follow the declared fields. */
    record Request(String model, String prompt, @JsonProperty("aspect_ratio") String aspectRatio, String resolution, String duration,
                   @JsonAnyGetter Map<String, Object> extra) {
    }

    /** A generation's state; one this version does not know reads as {@code UNKNOWN}. */
    enum State {
        @JsonProperty("queued") QUEUED,
        @JsonProperty("dreaming") DREAMING,
        @JsonProperty("completed") COMPLETED,
        @JsonProperty("failed") FAILED,
        @JsonEnumDefaultValue UNKNOWN
    }

    /** {@code GET /generations/{id}}: the fields read of it. */
    record Generation(State state, Assets assets, @JsonProperty("failure_reason") String failureReason) {}

    record Assets(String video) {}

    /**
     * The aspect ratios Luma takes ({@code AspectRatio} of lumalabs/lumaai-node 1.21.0, 2026-04-07, and Luma's OpenAPI
     * document, where 16:9 is the default).
     */
    static final List<String> RATIOS = List.of("16:9", "9:16", "1:1", "4:3", "3:4", "21:9", "9:21");

    /** The model, the prompt, the frame's ratio, the resolution by its short side, the clip length as {@code "5s"}. */
    static Request request(ProviderSpec provider, VideoTask task) {
        int shortSide = Math.min(task.width(), task.height());
        return new Request(task.upstreamModel(), task.prompt(), Shapes.videoRatio(provider.id(), task.width(), task.height(), RATIOS),
                shortSide <= 540 ? "540p" : shortSide + "p",
                Shapes.duration(task.durationSeconds(), task.option("durations", null)) + "s",
                WireJson.extra(task.params(), Request.class));
    }

    /** One look at a generation: pending, the video's URL, or how it failed. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode answer) {
        Generation generation = WireJson.read(provider, answer, Generation.class);
        State state = generation.state() == null ? State.UNKNOWN : generation.state();
        return switch (state) {
            case QUEUED, DREAMING -> Poller.pending(null);
            case COMPLETED -> {
                String video = generation.assets() == null ? null : generation.assets().video();
                if (video == null) {
                    throw ProviderException.failed(provider.id() + " completed without assets.video");
                }
                yield Poller.done(video);
            }
            case FAILED -> Poller.failed(ERRORS.moderates(generation.failureReason())
                    ? ProviderException.moderated("the prompt was refused by the provider's content policy")
                    : ProviderException.failed(provider.id() + " generation failed"));
            case UNKNOWN -> throw ProviderException.failed(provider.id() + " answered an unknown state "
                    + Shapes.text(answer, "state"));
        };
    }
}
