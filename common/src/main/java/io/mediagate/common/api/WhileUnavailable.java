package io.mediagate.common.api;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Runs a step that must not be given up (a job's bookkeeping, a ledger booking) again while a dependency it
 * needs (database, broker) cannot be reached ({@link DependencyFailures}), with pauses doubling from 200 ms
 * up to 10 s, until {@code patience} has passed. Other failures, and the last one, are thrown.
 */
public final class WhileUnavailable {
    private static final Logger LOG = Logger.getLogger(WhileUnavailable.class);
    private static final Duration FIRST = Duration.ofMillis(200);
    private static final Duration LONGEST = Duration.ofSeconds(10);

    /** Waiting between tries; tests pass one that does not sleep. */
    @FunctionalInterface
    public interface Pause {
        void sleep(Duration duration) throws InterruptedException;

        Pause REAL = d -> Thread.sleep(d.toMillis());
    }

    private WhileUnavailable() {
    }

    public static <T> T retry(String what, Supplier<T> step, Duration patience, Pause pause) {
        Instant giveUp = Instant.now().plus(patience);
        Duration wait = FIRST;
        while (true) {
            try {
                return step.get();
            } catch (RuntimeException e) {
                if (!DependencyFailures.in(e) || Instant.now().plus(wait).isAfter(giveUp)) {
                    throw e;
                }
                LOG.warnf("%s postponed, a dependency is unavailable (%s); trying again in %s", what, e.toString(), wait);
                try {
                    pause.sleep(wait);
                } catch (InterruptedException ie) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
                wait = wait.multipliedBy(2).compareTo(LONGEST) > 0 ? LONGEST : wait.multipliedBy(2);
            }
        }
    }
}
