package io.mediagate.pipeline.worker;

import io.mediagate.common.api.DependencyFailures;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.OutageWait;
import io.mediagate.common.events.VideoWork;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;

/**
 * What a stage does after one try of a message failed. An outage of something the stage needs (media-service, the
 * object store, the broker: refused, reset, 503, timed out; {@link DependencyFailures}) is not the job's fault: it
 * costs no try and is waited out with {@link OutageWait}'s pauses for up to {@code patience}, the message's offset
 * uncommitted meanwhile; an outage that outlasts it fails the job with {@code service_unavailable}. A
 * {@link Step.Permanent} failure (a file that cannot be decoded, a request media-service refused) fails it at once;
 * any other failure is tried {@code maxAttempts} times with a doubling backoff. One instance per message.
 */
final class Tries {
    /** The decision after a failed try. */
    sealed interface Next {
        /** Try again after {@code pause}; {@code outage} when a dependency was unavailable (no try counted). */
        record Again(Duration pause, boolean outage) implements Next {}

        /** Give the message up: dead-letter it and fail the job with {@code failure}. */
        record GiveUp(VideoWork.Failure failure) implements Next {}
    }

    private final String stage;
    private final int maxAttempts;
    private final Duration backoff;
    private final Duration patience;
    private final Clock clock;
    private int attempts;
    private OutageWait outage;

    Tries(String stage, int maxAttempts, Duration backoff, Duration patience, Clock clock) {
        this.stage = stage;
        this.maxAttempts = maxAttempts;
        this.backoff = backoff;
        this.patience = patience;
        this.clock = clock;
    }

    Next after(Throwable failure) {
        if (failure instanceof Step.Permanent permanent) {
            return new Next.GiveUp(new VideoWork.Failure(ErrorCode.INTERNAL_ERROR, permanent.getMessage()));
        }
        if (DependencyFailures.in(failure)) {
            outage = outage == null ? new OutageWait(clock, patience) : outage;
            Optional<Duration> pause = outage.next();
            if (pause.isPresent()) {
                return new Next.Again(pause.get(), true);
            }
            return new Next.GiveUp(new VideoWork.Failure(ErrorCode.SERVICE_UNAVAILABLE, "the video could not be "
                    + (stage.equals("storage") ? "stored" : "processed") + ": a service it needs stayed unavailable for "
                    + patience.toSeconds() + " s; try again shortly"));
        }
        attempts++;
        if (attempts >= maxAttempts) {
            return new Next.GiveUp(new VideoWork.Failure(ErrorCode.INTERNAL_ERROR, stage + " failed " + attempts + " times"));
        }
        return new Next.Again(backoff.multipliedBy(1L << Math.min(attempts - 1, 6)), false);
    }
}
