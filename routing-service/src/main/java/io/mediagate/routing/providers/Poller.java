package io.mediagate.routing.providers;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.support.Pause;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Waits for an asynchronous provider job: polls with a growing interval, reports progress into our job,
 * gives up at the deadline, and cancels the upstream job when our job is cancelled, the deadline passes or
 * our call is interrupted (the attempt timed out). A few failed polls in a row are tolerated: a paid job is
 * not abandoned over one 503 of a status endpoint. A job the provider reports as failed ends at once.
 */
public final class Poller {
    private static final Logger LOG = Logger.getLogger(Poller.class);
    static final int TOLERATED_POLL_FAILURES = 3;
    private final Settings settings;
    private final Clock clock;
    private final Pause pause;

    /**
     * @param first  first interval between polls
     * @param max    longest interval
     * @param deadline longest wait for one upstream job
     */
    public record Settings(Duration first, Duration max, Duration deadline) {}

    /** {@code mediagate.polling.*}. */
    @ConfigMapping(prefix = "mediagate.polling")
    public interface Config {
        /** First wait between two polls; grows by half each time. */
        @WithDefault("1s")
        Duration first();

        /** Longest wait between two polls. */
        @WithDefault("10s")
        Duration max();
    }

    public Poller(Settings settings, Clock clock, Pause pause) {
        this.settings = settings;
        this.clock = clock;
        this.pause = pause;
    }

    /** One look at the upstream job. */
    public sealed interface Poll<T> {
        /** Not finished; {@code percent} when the provider tells. */
        record Pending<T>(Integer percent) implements Poll<T> {}

        record Done<T>(T value) implements Poll<T> {}

        /** The provider finished the job as failed (or refused it): no further poll changes that. */
        record Failed<T>(ProviderException error) implements Poll<T> {}
    }

    /**
     * This poller, never polling more often than {@code floor}: for providers that ask for a minimum
     * interval between polls (Runway: about 5 s).
     */
    public Poller atLeast(Duration floor) {
        Duration first = settings.first().compareTo(floor) < 0 ? floor : settings.first();
        Duration max = settings.max().compareTo(floor) < 0 ? floor : settings.max();
        return new Poller(new Settings(first, max, settings.deadline()), clock, pause);
    }

    public static <T> Poll<T> pending(Integer percent) {
        return new Poll.Pending<>(percent);
    }

    public static <T> Poll<T> done(T value) {
        return new Poll.Done<>(value);
    }

    public static <T> Poll<T> failed(ProviderException error) {
        return new Poll.Failed<>(error);
    }

    /**
     * Polls until done. {@code poll} answers the job's state; a {@link ProviderException} it throws is a
     * failed poll (tolerated a few times when its class may pass on another try). {@code cancel} asks the provider to stop (best
     * effort; its failure is only logged).
     */
    public <T> T await(String provider, TaskControl control, Supplier<Poll<T>> poll, Runnable cancel) {
        Instant deadline = clock.instant().plus(settings.deadline());
        Duration interval = settings.first();
        int failures = 0;
        while (true) {
            Poll<T> state = null;
            try {
                state = poll.get();
            } catch (ProviderException e) {
                ProviderException failure = e.ofJob(provider);
                if (!failure.failure().retriesSameProvider() || ++failures >= TOLERATED_POLL_FAILURES) {
                    throw failure;
                }
            }
            switch (state) {
                case null -> {
                    // a failed poll, tolerated: look again after the interval
                }
                case Poll.Done<T> done -> {
                    return done.value();
                }
                case Poll.Failed<T> failed -> throw failed.error();
                case Poll.Pending<T> pending -> {
                    failures = 0;
                    if (pending.percent() != null) {
                        control.progress(Math.max(0, Math.min(100, pending.percent())));
                    }
                }
            }
            if (control.cancelled()) {
                stop(provider, cancel);
                throw new ProviderException(ErrorCode.JOB_CANCELLED, FailureClass.CALLER_ERROR, "the job was cancelled", null);
            }
            if (!clock.instant().plus(interval).isBefore(deadline)) {
                stop(provider, cancel);
                throw ProviderException.timedOut(provider + " did not finish within " + settings.deadline().toSeconds() + " s");
            }
            try {
                pause.sleep(interval);
            } catch (InterruptedException e) {
                stop(provider, cancel);
                Thread.currentThread().interrupt();
                throw ProviderException.timedOut(provider + " did not finish in time");
            }
            interval = interval.multipliedBy(3).dividedBy(2);
            if (interval.compareTo(settings.max()) > 0) {
                interval = settings.max();
            }
        }
    }

    private static void stop(String provider, Runnable cancel) {
        try {
            cancel.run();
        } catch (RuntimeException e) {
            LOG.warnf("could not cancel the job at %s: %s", provider, e.getMessage());
        }
    }
}
