package io.mediagate.common.jobs;

import io.mediagate.common.calls.CallAs;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * routing-service's jobs, as its resource serves them and {@link JobsApiClient} calls them, always as the user
 * whose jobs they are (another user's job is 404 {@code not_found}). The gateway serves the same paths to
 * callers.
 */
public interface JobsApi {
    String ROOT = "/v1/jobs";
    /** The longest a long poll for events may wait ({@code wait}, in ms): routing answers 400 above it. */
    Duration MAX_WAIT = Duration.ofSeconds(25);
    /** Under {@link #ROOT}: {@code GET} reads, {@code DELETE} cancels (409 {@code job_finished} once it has ended). */
    String JOB = "{id}";
    /** Under {@link #ROOT}: {@code GET} a job's events ({@link #events}). */
    String EVENTS = "{id}/events";
    /** Under {@link #ROOT}: {@code GET} one of a running job's preview stills (what its {@code preview} events name). */
    String PREVIEW = "{id}/previews/{index}";

    CompletableFuture<JobView> read(String id, CallAs user);

    /** Cancels the unfinished job {@code id}: the job, now cancelled. */
    CompletableFuture<JobView> cancel(String id, CallAs user);

    /**
     * The job's events after the one numbered {@code after} (0: from the first), oldest first, and whether the job has
     * ended with them; when there is none yet and the job has not ended, routing waits up to {@code wait} for one (a long
     * poll) and answers none if none came. A finished job with nothing after {@code after} is answered at once.
     */
    CompletableFuture<JobEventList> events(String id, CallAs user, long after, Duration wait);

    /**
     * A page of the user's jobs of {@code kind} ({@code image}, {@code video}; null: all) after job {@code after}
     * (null: from the start), {@code limit} at most (null: the default) in {@code order} ({@code desc}, the default,
     * or {@code asc}). Values are passed as the caller wrote them: routing refuses a bad one with 400 naming it.
     */
    CompletableFuture<JobList> list(CallAs user, String kind, String after, String limit, String order);
}
