package io.mediagate.routing.providers;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.FailureClass;
import java.time.Duration;
import java.util.Optional;

/**
 * A provider call that failed, with its {@link FailureClass} (which decides whether the request ends,
 * the same provider is tried again, or the next one) and the error code the caller sees if it is the
 * last word. {@code retryAfter} is the provider's own hint, when it gave one.
 */
public class ProviderException extends RuntimeException {
    private final ErrorCode code;
    private final FailureClass failure;
    private final Duration retryAfter;
    private final String param;
    private final boolean charged;

    public ProviderException(ErrorCode code, FailureClass failure, String message, Duration retryAfter) {
        this(code, failure, message, retryAfter, null, false);
    }

    private ProviderException(ErrorCode code, FailureClass failure, String message, Duration retryAfter, String param,
                              boolean charged) {
        super(message, null, false, false);
        this.code = code;
        this.failure = failure;
        this.retryAfter = retryAfter;
        this.param = param;
        this.charged = charged;
    }

    /** The provider refused the request as invalid (a 400 about the input), naming no field. */
    public static ProviderException rejected(String message) {
        return rejected(message, null);
    }

    /**
     * The provider refused the request as invalid and named the field at fault ({@code param}, in the provider's own
     * words, e.g. OpenAI's {@code error.param}), or null. Routing decides whose fault it is ({@link #param}).
     */
    public static ProviderException rejected(String message, String param) {
        return new ProviderException(ErrorCode.INVALID_REQUEST, FailureClass.CALLER_ERROR, message, null, param, false);
    }

    /** This refusal made the offer's fault: the request passed our validation and the provider named no field the caller set. */
    public ProviderException offersFault() {
        return new ProviderException(ErrorCode.INVALID_REQUEST, FailureClass.REJECTED, getMessage(), null, param, false);
    }

    public static ProviderException moderated(String message) {
        return new ProviderException(ErrorCode.CONTENT_POLICY_VIOLATION, FailureClass.MODERATION, message, null);
    }

    /** The provider refused our credentials, or we have none or no usable configuration for it. */
    public static ProviderException credentials(String message) {
        return new ProviderException(ErrorCode.PROVIDER_UNAVAILABLE, FailureClass.CREDENTIALS, message, null);
    }

    /** Our account at the provider has no credits, balance or quota left. */
    public static ProviderException quota(String message) {
        return new ProviderException(ErrorCode.PROVIDER_UNAVAILABLE, FailureClass.QUOTA, message, null);
    }

    /** The provider is busy (429); {@code retryAfter} is its hint or null. */
    public static ProviderException rateLimited(String message, Duration retryAfter) {
        return new ProviderException(ErrorCode.PROVIDER_ERROR, FailureClass.RATE_LIMITED, message, retryAfter);
    }

    /** A 5xx, a connection error, an answer we cannot read: may work on another try. */
    public static ProviderException failed(String message) {
        return new ProviderException(ErrorCode.PROVIDER_ERROR, FailureClass.TRANSIENT, message, null);
    }

    /** The provider no longer has the model or endpoint the offer names (a 404 or 410 of the call, not of a job). */
    public static ProviderException gone(String message) {
        return new ProviderException(ErrorCode.PROVIDER_UNAVAILABLE, FailureClass.GONE, message, null);
    }

    public static ProviderException timedOut(String message) {
        return new ProviderException(ErrorCode.PROVIDER_TIMEOUT, FailureClass.TIMEOUT, message, null);
    }

    public ErrorCode code() {
        return code;
    }

    public FailureClass failure() {
        return failure;
    }

    /**
     * This failure as it stands for a call about a job already submitted (its status, its result): there a 404 means
     * the provider lost the job, not that the model is gone, and another try may succeed.
     */
    public ProviderException ofJob(String provider) {
        return failure == FailureClass.GONE ? failed(provider + " no longer knows the job") : this;
    }

    /** Whether another provider (or another try) may still serve the request. */
    public boolean retryable() {
        return !failure.endsRequest();
    }

    /**
     * This failure as one the provider bills although it failed for us: it made what it was asked for and then withheld
     * it (a moderation of the output where the provider charges for it, as Runway's reference says it does). The
     * attempt is recorded as provider spend at the offer's price; the caller is not charged.
     */
    public ProviderException charged() {
        return new ProviderException(code, failure, getMessage(), retryAfter, param, true);
    }

    /** Whether the provider bills this failed attempt ({@link #charged()}). */
    public boolean isCharged() {
        return charged;
    }

    /** The field the provider named in a refusal, or null. */
    public String param() {
        return param;
    }

    public Optional<Duration> retryAfter() {
        return Optional.ofNullable(retryAfter);
    }
}
