package io.mediagate.gateway.generation;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.jobs.JobView;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.jobs.CallerJobs;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Function;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The answer a generation request with a used {@code Idempotency-Key} gets: what the first request got or would have
 * got, from its job at routing. A held request waits for the job to end, as the first did (up to the wait limit; then
 * 202 with the job); an asynchronous one gets 202 with the job as it is now.
 */
@ApplicationScoped
public class GenerationReplays {
    private static final Duration POLL = Duration.ofMillis(500);
    private final CallerJobs jobs;
    private final Clock clock;
    private final Duration waitLimit;

    GenerationReplays(CallerJobs jobs, Clock clock,
                      @ConfigProperty(name = "mp.messaging.outgoing.generation-requests.reply.timeout", defaultValue = "120000") long waitLimitMs) {
        this.jobs = jobs;
        this.clock = clock;
        this.waitLimit = Duration.ofMillis(waitLimitMs);
    }

    /** The answer for job {@code jobId}; {@code answer} renders a successful reply as the endpoint does. */
    public Uni<Response> replay(Caller caller, String jobId, boolean async, Function<GenerationReply, Uni<Response>> answer) {
        Uni<JobView> job = async ? jobs.read(caller, jobId) : ended(caller, jobId, clock.instant().plus(waitLimit));
        return job.flatMap(j -> {
            boolean ended = j.status() != null && j.status().finished();
            if (!async && j.status() == JobStatus.SUCCEEDED) {
                return answer.apply(reply(j, true));
            }
            if (!async && ended) {
                ErrorBody error = j.error();
                return Uni.createFrom().item(ApiExceptionMapper.render(error != null ? error.toException()
                        : new ApiException(ErrorCode.PROVIDER_ERROR, "job " + jobId + " " + j.status().wire())));
            }
            String shown = (async || ended) && j.status() != null ? j.status().wire() : JobStatus.RUNNING.wire();
            return Uni.createFrom().item(Submissions.accepted(jobId, j.kind(), shown, j.createdAt(), async));
        });
    }

    /**
     * How job {@code jobId} ended, however long it takes (a streamed answer waits past the wait limit): its reply, or a
     * failed reply with the job's error (or {@code provider_error} saying how it ended when it has none).
     */
    public Uni<GenerationReply> outcome(Caller caller, String jobId) {
        return ended(caller, jobId, Instant.MAX).map(j -> j.status() == JobStatus.SUCCEEDED ? reply(j, true)
                : GenerationReply.failed(j.id(), j.error() != null ? j.error()
                        : ErrorBody.of(ErrorCode.PROVIDER_ERROR, "job " + jobId + " " + j.status().wire(), null, null, java.util.Map.of()),
                        j.stats()));
    }

    /** The job once it has ended, or as it is at {@code deadline}. */
    private Uni<JobView> ended(Caller caller, String jobId, Instant deadline) {
        return jobs.read(caller, jobId).flatMap(j -> j.status() != null && j.status().finished() || clock.instant().isAfter(deadline)
                ? Uni.createFrom().item(j)
                : Uni.createFrom().voidItem().onItem().delayIt().by(POLL).flatMap(v -> ended(caller, jobId, deadline)));
    }

    /** The reply the first request got, read back from its job. */
    private static GenerationReply reply(JobView job, boolean success) {
        return new GenerationReply(job.id(), success, job.data(), job.price() != null ? job.price() : BigDecimal.ZERO, job.stats(),
                job.error());
    }
}
