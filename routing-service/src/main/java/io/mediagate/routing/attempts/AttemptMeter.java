package io.mediagate.routing.attempts;

/** Where each provider call is counted: which provider, how it ended (success or its failure class), how long it took. */
@FunctionalInterface
public interface AttemptMeter {
    AttemptMeter NONE = (provider, outcome, millis) -> { };

    void record(String provider, String outcome, long millis);
}
