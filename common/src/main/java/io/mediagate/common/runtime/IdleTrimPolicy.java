package io.mediagate.common.runtime;

/**
 * When an idle process should give its grown heap back: after {@code idleSeconds} consecutive
 * one-second samples in which it allocated less than {@code maxIdleRate} bytes, provided its committed
 * heap has grown by at least {@code minGain} bytes since the last trim that gave something back (or since
 * start). Idleness is read from the allocation rate, not from how long ago the last collection was: light
 * traffic can go many seconds without a collection while it still allocates steadily, and it must never be
 * interrupted by a full collection.
 *
 * <p>What a burst leaves behind stays alive for a while after it (work finishing, idle connections and
 * threads timing out), so one trim is not enough: after a trim that gave back at least {@code minGain}, the
 * next is tried after twice the idle time, until one gives back less. A trim that gave back nothing from a
 * heap that is still grown (its live data had not gone yet) is also tried again after twice the idle time,
 * and so on up to {@link #MAX_WAIT_SECONDS}. Traffic starts the count over. Not thread-safe: one sampler
 * calls {@link #sample} and {@link #trimmed}.
 */
public final class IdleTrimPolicy {
    static final int MAX_WAIT_SECONDS = 640;
    private final int idleSeconds;
    private final long maxIdleRate;
    private final long minGain;
    private long lastAllocated = -1;
    private int idleRun;
    private int wait;
    private long baseline;
    private boolean gaining;

    public IdleTrimPolicy(int idleSeconds, long maxIdleRate, long minGain, long committedAtStart) {
        if (idleSeconds < 1 || maxIdleRate < 0 || minGain < 0) {
            throw new IllegalArgumentException("idleSeconds must be positive and the byte counts not negative");
        }
        this.idleSeconds = idleSeconds;
        this.maxIdleRate = maxIdleRate;
        this.minGain = minGain;
        this.wait = idleSeconds;
        this.baseline = committedAtStart;
    }

    /**
     * One sample, taken a second after the previous one: the bytes this process has allocated since it
     * started, and its committed heap now. True when it should trim now.
     */
    public boolean sample(long allocatedTotal, long committedHeap) {
        long previous = lastAllocated;
        lastAllocated = allocatedTotal;
        baseline = Math.min(baseline, committedHeap);
        if (previous < 0) {
            return false;
        }
        if (allocatedTotal - previous > maxIdleRate) {
            idleRun = 0;
            wait = idleSeconds;
            gaining = false;
            return false;
        }
        idleRun++;
        return idleRun >= wait && (gaining || committedHeap - baseline >= minGain);
    }

    /** What a trim found and left committed. */
    public void trimmed(long committedBefore, long committedAfter) {
        idleRun = 0;
        wait = Math.min(wait * 2, Math.max(MAX_WAIT_SECONDS, idleSeconds));
        if (committedBefore - committedAfter >= minGain) {
            gaining = true;
            baseline = committedAfter;
        } else if (gaining) {
            gaining = false;
            baseline = Math.min(baseline, committedAfter);
        }
    }
}
