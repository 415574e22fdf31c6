package io.mediagate.ffmpeg;

/** ffmpeg or ffprobe could not be found, failed, or ran past its deadline. */
public class FfmpegException extends RuntimeException {
    private final boolean timedOut;

    public FfmpegException(String message, boolean timedOut) {
        super(message);
        this.timedOut = timedOut;
    }

    public FfmpegException(String message, Throwable cause) {
        super(message, cause);
        this.timedOut = false;
    }

    /** True when the program was stopped at its deadline rather than failing by itself. */
    public boolean timedOut() {
        return timedOut;
    }
}
