package io.mediagate.routing.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.Stats;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A job as the API and its webhooks show it: state, stage and progress, once finished the reply, and what
 * was asked ({@code request}: model, prompt, size, duration, the source video of a variation), which the
 * OpenAI-shaped video face shows.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobView(String id, String kind, String status, String stage, int progress, Instant createdAt,
                      Instant updatedAt, List<MediaItem> data, BigDecimal price, Stats stats, ErrorBody error, Asked request) {

    /** The parts of the request a client shows back; {@code videoId} is the source of a variation. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Asked(String model, String prompt, String size, Double duration, String videoId) {
        static Asked of(GenerationRequest request) {
            return request == null ? null
                    : new Asked(request.model(), request.prompt(), request.size(), request.duration(), request.videoId());
        }
    }

    static JobView of(JobRecord job, GenerationRequest request, GenerationReply reply) {
        boolean succeeded = JobStatus.SUCCEEDED.equals(job.status);
        return new JobView(job.id, job.kind, job.status, job.stage, succeeded ? 100 : job.progress, job.createdAt,
                job.updatedAt, reply == null ? null : reply.data(), reply == null ? null : reply.price(),
                reply == null ? null : reply.stats(), reply == null ? null : reply.error(), Asked.of(request));
    }
}
