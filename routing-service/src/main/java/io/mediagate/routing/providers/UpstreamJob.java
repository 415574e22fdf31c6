package io.mediagate.routing.providers;

/**
 * An asynchronous provider job as the kit's one loop runs it ({@link Upstream#run}): submitted, looked at until it is
 * done, and asked to stop when our job is cancelled, the deadline passes or the attempt ends. The adapter says only what
 * its provider's calls are; the loop owns the handle's checks (an id that can go into a URL path, or URLs on the
 * provider's own API hosts, {@link ProviderHosts}), the polling (interval, progress, a few failed looks tolerated, a 404 of the job's own URL
 * read as a lost job, not a gone model) and the cancellation.
 *
 * @param <H> the handle the provider answers for the job: its id ({@code String}), or the URLs it answered ({@link JobUrls})
 * @param <R> what a finished job gives (a result URL, say)
 */
public interface UpstreamJob<H, R> {
    /** Submits the work and answers the provider's handle for the job (it goes into, or is, the URLs that follow). */
    H submit();

    /** One look at the job: pending (with the provider's percent, when it tells), done, or failed. */
    Poller.Poll<R> poll(H handle);

    /** The shortest wait between two looks the provider asks for (Runway: about 5 s); zero for none. */
    default java.time.Duration minimumInterval() {
        return java.time.Duration.ZERO;
    }

    /** Asks the provider to stop the job; best effort, the provider may have none. */
    default void cancel(H handle) {
    }
}
