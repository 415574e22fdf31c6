package io.mediagate.common.events;

import java.util.Locale;

/**
 * What went wrong in one provider attempt, as {@code stats.attempts[].failure} and provider health say
 * it. The class decides what routing does next:
 * <ul>
 *   <li>{@code caller_error}, {@code moderation}: the request itself is at fault; it ends, no other
 *   provider is tried, and the provider's health is not touched.</li>
 *   <li>{@code credentials}, {@code quota}: this provider cannot serve us until an operator acts; the
 *   next provider is tried at once, never this one again for the request.</li>
 *   <li>{@code rate_limited}: this provider is busy; it is tried again after its {@code Retry-After}
 *   when that fits the request's deadline, else the next provider.</li>
 *   <li>{@code transient}, {@code timeout}: tried again on the same provider after a backoff, then the
 *   next provider.</li>
 *   <li>{@code gone}: the provider no longer has the model or endpoint (its 404 or 410, or its own model-not-found
 *   code): never tried again; the offer is retired (taken out of routing until the next catalog check) and the
 *   next provider is tried at once. The provider itself is not judged by it.</li>
 *   <li>{@code rejected}: the provider refused, as invalid, a request that passed our own validation, and the refusal
 *   names no field the caller set: our translation for that offer is at fault, so the next provider is tried at once
 *   and the refusal counts against the provider's health. When every provider refuses, the request ends as the
 *   caller's error after all.</li>
 * </ul>
 */
public enum FailureClass {
    CALLER_ERROR, MODERATION, CREDENTIALS, QUOTA, RATE_LIMITED, TRANSIENT, TIMEOUT, GONE, REJECTED;

    /** The wire name: {@code caller_error}, {@code rate_limited}, … */
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The request is at fault: stop, and do not count the attempt against the provider. */
    public boolean endsRequest() {
        return this == CALLER_ERROR || this == MODERATION;
    }

    /** Another try on the same provider may succeed. */
    public boolean retriesSameProvider() {
        return this == RATE_LIMITED || this == TRANSIENT || this == TIMEOUT;
    }

    /** Whether an attempt that ended so counts as the provider failing. */
    public boolean blamesProvider() {
        return !endsRequest() && this != GONE;
    }
}
