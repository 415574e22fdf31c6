package io.mediagate.common.api;

import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Runs a step that must not be given up (a job's bookkeeping, a ledger booking) again while a dependency it
 * needs (database, broker, another service) cannot be reached ({@link DependencyFailures}), with the pauses of
 * {@link OutageWait}, until {@code patience} has passed. Other failures, and the last one, are thrown.
 */
public final class WhileUnavailable {
    private static final Logger LOG = Logger.getLogger(WhileUnavailable.class);

    /** Waiting between tries; tests pass one that does not sleep. */
    @FunctionalInterface
    public interface Pause {
        void sleep(Duration duration) throws InterruptedException;

        Pause REAL = d -> Thread.sleep(d.toMillis());
    }

    private WhileUnavailable() {
    }

    public static <T> T retry(String what, Supplier<T> step, Duration patience, Pause pause) {
        OutageWait outage = null;
        while (true) {
            try {
                return step.get();
            } catch (RuntimeException e) {
                if (!DependencyFailures.in(e)) {
                    throw e;
                }
                outage = outage == null ? new OutageWait(Clock.systemUTC(), patience) : outage;
                Optional<Duration> wait = outage.next();
                if (wait.isEmpty()) {
                    throw e;
                }
                LOG.warnf("%s postponed, a dependency is unavailable (%s); trying again in %s", what, e.toString(), wait.get());
                try {
                    pause.sleep(wait.get());
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }
}
