package io.mediagate.routing.providers.conformance;

import java.util.Arrays;
import java.util.Locale;

/**
 * What a fake upstream does with a request, chosen by the prompt: a prompt containing
 * {@code [rate_limited]} gets the provider's rate-limit answer, and so on; no marker is a success.
 */
public enum Scenario {
    /** The job goes through the provider's waiting states, then succeeds. */
    SUCCESS,
    /** 429 in the provider's format, with Retry-After where the provider sends one. */
    RATE_LIMITED,
    /** A 5xx from the provider. */
    SERVER_ERROR,
    /** The provider's validation error for the user's input. */
    INVALID_INPUT,
    /** The provider's moderation outcome (an error, a status or a flag, as the provider does it). */
    MODERATED,
    /** The provider refuses our credentials. */
    BAD_CREDENTIALS,
    /** An asynchronous job that ends failed. */
    JOB_FAILED,
    /** An asynchronous job that never finishes, or a synchronous answer that never comes in time. */
    NEVER_FINISHES,
    /** A 200 whose body is not the provider's format. */
    MALFORMED;

    public String marker() {
        return "[" + name().toLowerCase(Locale.ROOT) + "]";
    }

    public static Scenario of(String prompt) {
        return Arrays.stream(values()).filter(s -> prompt != null && prompt.contains(s.marker())).findFirst().orElse(SUCCESS);
    }
}
