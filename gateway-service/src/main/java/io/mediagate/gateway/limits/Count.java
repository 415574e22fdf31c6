package io.mediagate.gateway.limits;

/** What counting one request found: a {@link Decision}, or credentials that changed since they were cached. */
public sealed interface Count permits Decision, Count.Stale {
    /** The account's epoch moved (a key revoked, a tier or limits changed): nothing was counted. */
    record Stale() implements Count {}
}
