package io.mediagate.gateway.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.forward.OwnerClient;
import io.mediagate.gateway.forward.Owners;
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
public class Jobs {
    static final Duration PICKUP_WAIT = Duration.ofSeconds(5);
    private static final Duration PICKUP_POLL = Duration.ofMillis(200);
    /** What {@code KeyHashing.newId("job_")} makes; anything else cannot be a job and is not sent on. */
    private static final Pattern ID = Pattern.compile("job_[A-Za-z0-9]{8,60}");
    private final OwnerClient owner;
    private final Owners owners;
    private final SubmittedJobs submitted;

    Jobs(OwnerClient owner, Owners owners, SubmittedJobs submitted) {
        this.owner = owner;
        this.owners = owners;
        this.submitted = submitted;
    }

    /** The caller's job {@code id}; 404 when the caller has no such job. */
    public Uni<JsonNode> read(Caller caller, String id) {
        return checked(id).flatMap(url -> owner.get(url, caller)).map(found -> found.path("result").path("job"))
                .onFailure(Jobs::notFound).recoverWithUni(notFound -> submitted.find(caller.accountId(), id)
                        .onItem().ifNull().failWith(notFound));
    }

    /** Cancels the caller's unfinished job {@code id}: routing's answer, or its 409 once the job has ended. */
    public Uni<JsonNode> cancel(Caller caller, String id) {
        return checked(id).flatMap(url -> cancel(caller, id, url, Instant.now().plus(PICKUP_WAIT)));
    }

    private Uni<JsonNode> cancel(Caller caller, String id, String url, Instant deadline) {
        return owner.send("DELETE", url, caller)
                .onFailure(Jobs::notFound).recoverWithUni(notFound -> submitted.find(caller.accountId(), id).flatMap(job -> {
                    if (job == null) {
                        return Uni.createFrom().failure(notFound);
                    }
                    if (Instant.now().isAfter(deadline)) {
                        return Uni.createFrom().failure(
                                ApiException.unavailable("job " + id + " is about to start; try again in a moment"));
                    }
                    return Uni.createFrom().voidItem().onItem().delayIt().by(PICKUP_POLL)
                            .flatMap(ignored -> cancel(caller, id, url, deadline));
                }));
    }

    private Uni<String> checked(String id) {
        return ID.matcher(id).matches()
                ? Uni.createFrom().item(owners.routing() + "/v1/jobs/" + id)
                : Uni.createFrom().failure(new ApiException(ErrorCode.NOT_FOUND, "no job with this id", "id"));
    }

    private static boolean notFound(Throwable f) {
        return f instanceof ApiException e && e.code() == ErrorCode.NOT_FOUND;
    }
}
