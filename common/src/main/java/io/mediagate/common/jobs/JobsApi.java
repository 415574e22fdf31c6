package io.mediagate.common.jobs;

import io.mediagate.common.calls.CallAs;
import java.util.concurrent.CompletableFuture;

/**
 * routing-service's jobs, as its resource serves them and {@link JobsApiClient} calls them, always as the user
 * whose jobs they are (another user's job is 404 {@code not_found}). The gateway serves the same paths to
 * callers.
 */
public interface JobsApi {
    String ROOT = "/v1/jobs";
    /** Under {@link #ROOT}: {@code GET} reads, {@code DELETE} cancels (409 {@code job_finished} once it has ended). */
    String JOB = "{id}";

    CompletableFuture<JobView> read(String id, CallAs user);

    /** Cancels the unfinished job {@code id}: the job, now cancelled. */
    CompletableFuture<JobView> cancel(String id, CallAs user);

    /**
     * A page of the user's jobs of {@code kind} ({@code image}, {@code video}; null: all) after job {@code after}
     * (null: from the start), {@code limit} at most (null: the default) in {@code order} ({@code desc}, the default,
     * or {@code asc}). Values are passed as the caller wrote them: routing refuses a bad one with 400 naming it.
     */
    CompletableFuture<JobList> list(CallAs user, String kind, String after, String limit, String order);
}
