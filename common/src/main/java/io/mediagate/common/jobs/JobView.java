package io.mediagate.common.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.Stats;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.JobStage;
import io.mediagate.common.values.MediaKind;
import io.mediagate.common.values.Size;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A job as the API and its webhooks show it: state, stage and progress, once finished the reply, and what
 * was asked ({@code request}: model, prompt, size, duration, the source video of a variation), which the
 * OpenAI-shaped video face shows. {@code status} is one of routing's job states ({@code queued}, {@code running},
 * {@code succeeded}, {@code failed}, {@code cancelled}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobView(String id, MediaKind kind, JobStatus status, JobStage stage, int progress, Instant createdAt,
                      Instant updatedAt, List<MediaItem> data, BigDecimal price, Stats stats, ErrorBody error, Asked request) {

    /** The parts of the request a client shows back; {@code videoId} is the source of a variation. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Asked(String model, String prompt, Size size, Double duration, String videoId,
                        @JsonInclude(JsonInclude.Include.NON_NULL) String aspectRatio) {
        public static Asked of(GenerationRequest request) {
            return request == null ? null
                    : new Asked(request.model(), request.prompt(), request.size(), request.duration(), request.videoId(), request.aspectRatio());
        }

        /** The size asked for in its frame: a video's label at the ratio asked ({@code 720p} at 9:16 is {@code 720x1280}). */
        public Size framed() {
            return aspectRatio == null ? size : new Framing(aspectRatio, null).frame(size);
        }
    }

    /** A job the gateway has accepted and routing has not picked up yet: queued, nothing done. */
    public static JobView queued(GenerationRequest request) {
        return new JobView(request.jobId(), request.kind(), JobStatus.QUEUED, null, 0, request.acceptedAt(), null, null, null, null,
                null, Asked.of(request));
    }

}
