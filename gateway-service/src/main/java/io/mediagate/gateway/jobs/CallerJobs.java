package io.mediagate.gateway.jobs;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.jobs.JobView;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.gateway.auth.Caller;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.regex.Pattern;

/**
 * The caller's jobs at routing, read and cancelled the one way both faces need (/v1/jobs and OpenAI's
 * /v1/videos). A job the gateway has answered with 202 may not have reached routing yet: until it has,
 * it reads as submitted ({@link SubmittedJobs}), and a cancel waits for routing to have it (at most
 * {@link #PICKUP_WAIT}, then 503) instead of failing.
 */
@ApplicationScoped
public class CallerJobs {
    static final Duration PICKUP_WAIT = Duration.ofSeconds(5);
    private static final Duration PICKUP_POLL = Duration.ofMillis(200);
    /** What {@code KeyHashing.newId("job_")} makes; anything else cannot be a job and is not sent on. */
    private static final Pattern ID = Pattern.compile("job_[A-Za-z0-9]{8,60}");
    private final JobsApi jobs;
    private final SubmittedJobs submitted;

    CallerJobs(JobsApi jobs, SubmittedJobs submitted) {
        this.jobs = jobs;
        this.submitted = submitted;
    }

    /** The caller's job {@code id}; 404 when the caller has no such job. */
    public Uni<JobView> read(Caller caller, String id) {
        return checked(id).flatMap(valid -> Uni.createFrom().completionStage(() -> jobs.read(valid, caller.as())))
                .onFailure(CallerJobs::notFound).recoverWithUni(notFound -> submitted.find(caller.accountId(), id)
                        .onItem().ifNull().failWith(notFound));
    }

    /** Cancels the caller's unfinished job {@code id}: the job now cancelled, or routing's 409 once the job has ended. */
    public Uni<JobView> cancel(Caller caller, String id) {
        return checked(id).flatMap(valid -> cancel(caller, valid, Instant.now().plus(PICKUP_WAIT)));
    }

    private Uni<JobView> cancel(Caller caller, String id, Instant deadline) {
        return Uni.createFrom().completionStage(() -> jobs.cancel(id, caller.as()))
                .onFailure(CallerJobs::notFound).recoverWithUni(notFound -> submitted.find(caller.accountId(), id).flatMap(job -> {
                    if (job == null) {
                        return Uni.createFrom().failure(notFound);
                    }
                    if (Instant.now().isAfter(deadline)) {
                        return Uni.createFrom().failure(
                                ApiException.unavailable("job " + id + " is about to start; try again in a moment"));
                    }
                    return Uni.createFrom().voidItem().onItem().delayIt().by(PICKUP_POLL)
                            .flatMap(ignored -> cancel(caller, id, deadline));
                }));
    }

    private Uni<String> checked(String id) {
        return ID.matcher(id).matches()
                ? Uni.createFrom().item(id)
                : Uni.createFrom().failure(new ApiException(ErrorCode.NOT_FOUND, "no job with this id", "id"));
    }

    private static boolean notFound(Throwable f) {
        return f instanceof ApiException e && e.code() == ErrorCode.NOT_FOUND;
    }
}
