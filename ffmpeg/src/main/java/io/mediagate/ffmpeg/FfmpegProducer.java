package io.mediagate.ffmpeg;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * The one {@link Ffmpeg} of a service, for injection (as {@code Instance<Ffmpeg>} where it should be
 * located on first use rather than at start-up).
 */
final class FfmpegProducer {
    @Produces
    @Singleton
    Ffmpeg ffmpeg() {
        return Ffmpeg.locate();
    }
}
