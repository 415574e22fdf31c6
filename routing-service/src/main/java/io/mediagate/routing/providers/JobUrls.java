package io.mediagate.routing.providers;

/**
 * The URLs a provider answers for a job it queued instead of an id (fal's queue, Replicate's predictions, BFL), used as
 * returned: the loop checks each is on one of the provider's API hosts (or its configured base) before our key goes there
 * ({@link ProviderHosts}).
 *
 * @param status where the job's state is read (required)
 * @param result where its result is read when that is another URL, or null
 * @param cancel where it is cancelled, or null when the provider has no cancel
 */
public record JobUrls(String status, String result, String cancel) {
    /** A job whose state URL is all the provider answers. */
    public static JobUrls statusOnly(String status) {
        return new JobUrls(status, null, null);
    }
}
