package io.mediagate.media.uploads;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.ffmpeg.Probe;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/** Reads an uploaded file with ffprobe (dimensions, duration) and makes its 320-pixel-wide JPEG thumbnail. */
@ApplicationScoped
public class Inspection {
    private final Instance<Ffmpeg> ffmpeg;

    Inspection(Instance<Ffmpeg> ffmpeg) {
        this.ffmpeg = ffmpeg;
    }

    /** What the file is. */
    public record Facts(int width, int height, Double durationSeconds) {}

    public Facts inspect(Path file, String kind) {
        try {
            Probe probe = ffmpeg.get().probe(file, Duration.ofSeconds(60));
            Probe.Stream video = probe.video().orElseThrow(() -> unreadable(kind));
            Double duration = "video".equals(kind) ? probe.durationSeconds() : null;
            if ("video".equals(kind) && (duration == null || duration <= 0)) {
                throw unreadable(kind);
            }
            return new Facts(video.width(), video.height(), duration);
        } catch (FfmpegException e) {
            throw unreadable(kind);
        }
    }

    public void thumbnail(Path file, Facts facts, Path out) {
        List<String> args = new java.util.ArrayList<>(List.of("-v", "error", "-y"));
        if (facts.durationSeconds() != null) {
            args.addAll(List.of("-ss", String.format(Locale.ROOT, "%.3f", facts.durationSeconds() / 3)));
        }
        args.addAll(List.of("-i", file.toString(), "-frames:v", "1", "-vf", "scale=320:-2", "-q:v", "4", out.toString()));
        try {
            ffmpeg.get().run(args, Duration.ofSeconds(60));
        } catch (FfmpegException e) {
            throw unreadable(facts.durationSeconds() == null ? "image" : "video");
        }
    }

    private static ApiException unreadable(String kind) {
        return new ApiException(ErrorCode.UNSUPPORTED_MEDIA_TYPE, "the uploaded file is not a readable " + kind);
    }
}
