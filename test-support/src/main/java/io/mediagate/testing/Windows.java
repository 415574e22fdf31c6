package io.mediagate.testing;

import java.time.Instant;

/** Rate-limit windows reset on the minute: tests that count requests start well inside one. */
public final class Windows {
    private Windows() {
    }

    /** Waits for the next minute when fewer than 15 seconds of this one are left. */
    public static void awayFromTheMinuteBoundary() {
        long second = Instant.now().getEpochSecond() % 60;
        if (second > 45) {
            try {
                Thread.sleep((61 - second) * 1000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
