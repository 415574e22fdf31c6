package io.mediagate.routing.providers;

/**
 * An asynchronous provider job as the kit's one loop runs it ({@link Upstream#run}): submitted, looked at until it is
 * done, and asked to stop when our job is cancelled, the deadline passes or the attempt ends. The adapter says only what
 * its provider's calls are; the loop owns the id check, the polling (interval, progress, a few failed looks tolerated,
 * a 404 of the job's own URL read as a lost job, not a gone model) and the cancellation.
 *
 * @param <R> what a finished job gives (a result URL, say)
 */
public interface UpstreamJob<R> {
    /** Submits the work and answers the provider's id for the job (it goes into the URLs that follow). */
    String submit();

    /** One look at the job: pending (with the provider's percent, when it tells), done, or failed. */
    Poller.Poll<R> poll(String id);

    /** The shortest wait between two looks the provider asks for (Runway: about 5 s); zero for none. */
    default java.time.Duration minimumInterval() {
        return java.time.Duration.ZERO;
    }

    /** Asks the provider to stop the job; best effort, the provider may have none. */
    default void cancel(String id) {
    }
}
