package io.mediagate.gateway.limits;

import java.time.Instant;

/** A fixed rate-limit window; {@code name} is the wire value of the 429 body's {@code limit}. */
enum Window {
    MINUTE("minute", 60), HOUR("hour", 3_600), DAY("day", 86_400), VIDEO_MINUTE("video_minute", 60);

    final String wire;
    final long seconds;

    Window(String wire, long seconds) {
        this.wire = wire;
        this.seconds = seconds;
    }

    /** Index of the window containing {@code now}, e.g. the epoch minute. */
    long index(Instant now) {
        return now.getEpochSecond() / seconds;
    }

    /** Unix time at which the window containing {@code now} ends. */
    long reset(Instant now) {
        return (index(now) + 1) * seconds;
    }
}
