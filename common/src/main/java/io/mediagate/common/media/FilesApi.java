package io.mediagate.common.media;

import io.mediagate.common.api.ApiException;
import java.time.Duration;

/**
 * OpenAI's Files API as media-service serves it at {@link #ROOT} (the gateway forwards the public routes there as the
 * caller): the limits both sides check. A batch input file is JSONL of at most {@value #MAX_LINES} lines and
 * {@value #MAX_BYTES} bytes (OpenAI's limits for a batch file), kept {@link #DEFAULT_LIFETIME} unless
 * {@code expires_after} says otherwise.
 */
public final class FilesApi {
    public static final String ROOT = "/v1/files";
    /** Where routing, as a service, writes a batch's output and error files for the batch's owner. */
    public static final String OUTPUT = "/internal/v1/files";
    public static final String PURPOSE_BATCH = "batch";
    /** The purpose of a batch's output and error files, as OpenAI names it. */
    public static final String PURPOSE_OUTPUT = "batch_output";
    public static final String JSONL = "application/jsonl";
    public static final long MAX_BYTES = 200L * 1024 * 1024;
    public static final int MAX_LINES = 50_000;
    public static final int MAX_FILENAME = 255;
    /** {@code GET /v1/files}'s largest and default page, as OpenAI's. */
    public static final int MAX_PAGE = 10_000;
    /** How long a batch file is kept without {@code expires_after}: 30 days, as OpenAI keeps them. */
    public static final Duration DEFAULT_LIFETIME = Duration.ofDays(30);
    private static final long MIN_SECONDS = 3600;
    private static final long MAX_SECONDS = 2_592_000;

    private FilesApi() {
    }

    /** The lifetime {@code expires_after[seconds]} asks for (1 hour to 30 days), or the default for none. */
    public static Duration lifetime(Long seconds) {
        return lifetime(seconds, "expires_after[seconds]");
    }

    /** The same, a wrong number refused naming {@code param}. */
    public static Duration lifetime(Long seconds, String param) {
        if (seconds == null) {
            return DEFAULT_LIFETIME;
        }
        if (seconds < MIN_SECONDS || seconds > MAX_SECONDS) {
            throw ApiException.invalid(param, param + " must be " + MIN_SECONDS + " to " + MAX_SECONDS);
        }
        return Duration.ofSeconds(seconds);
    }
}
