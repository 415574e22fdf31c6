package io.mediagate.routing.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.Stats;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** A job as the API and its webhooks show it (CONTRACT.md "Jobs"). */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record JobView(String id, String kind, String status, String stage, int progress, Instant createdAt,
                      Instant updatedAt, List<MediaItem> data, BigDecimal price, Stats stats, ErrorBody error) {

    static JobView of(JobRecord job, GenerationReply reply) {
        boolean succeeded = JobStatus.SUCCEEDED.equals(job.status);
        return new JobView(job.id, job.kind, job.status, job.stage, succeeded ? 100 : job.progress, job.createdAt,
                job.updatedAt, reply == null ? null : reply.data(), reply == null ? null : reply.price(),
                reply == null ? null : reply.stats(), reply == null ? null : reply.error());
    }
}
