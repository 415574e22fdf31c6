package io.mediagate.routing.providers.local;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.FfmpegException;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The offline {@code local} provider's videos, rendered with ffmpeg (see {@link MotionRenderer}): from a
 * prompt, from an image, from a first and a last frame, from reference pictures, or as a variation of a video; with sound when the {@code audio}
 * parameter asks. ffmpeg is located on first use.
 */
@ApplicationScoped
public class LocalVideoGenerator implements VideoGenerator {
    private final Instance<Ffmpeg> ffmpeg;

    LocalVideoGenerator(Instance<Ffmpeg> ffmpeg) {
        this.ffmpeg = ffmpeg;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        long seed = task.params().get("seed") instanceof Number s ? s.longValue() : 0L;
        String style = task.params().get("style") instanceof String s ? s : "drift";
        MotionSpec spec = MotionSpec.of(task.prompt(), seed, style);
        Path out = task.workDir().resolve("generated.mp4");
        List<String> args;
        if (task.sourceVideo() != null && "upscale".equals(task.operation())) {
            args = MotionRenderer.rescaled(task.sourceVideo(), task.width(), task.height(), out);
        } else if (task.sourceVideo() != null && "extend".equals(task.operation())) {
            args = MotionRenderer.extended(task.sourceVideo(), task.width(), task.height(), task.durationSeconds(), out);
        } else if (task.sourceVideo() != null) {
            args = MotionRenderer.fromVideo(spec, task.sourceVideo(), task.width(), task.height(), task.durationSeconds(), out);
        } else if (!task.references().isEmpty()) {
            args = MotionRenderer.fromPictures(task.references(), task.width(), task.height(), task.durationSeconds(), out);
        } else if (task.image() != null && task.lastFrame() != null) {
            args = MotionRenderer.fromFrames(task.image(), task.lastFrame(), task.width(), task.height(), task.durationSeconds(), out);
        } else if (task.image() != null) {
            args = MotionRenderer.fromImage(task.image(), task.width(), task.height(), task.durationSeconds(), out);
        } else {
            args = MotionRenderer.fromText(spec, task.width(), task.height(), task.durationSeconds(), out);
        }
        Duration deadline = Duration.ofSeconds(60 + Math.round(task.durationSeconds() * 20));
        try {
            ffmpeg.get().run(args, deadline);
            if (Boolean.TRUE.equals(task.params().get("audio"))) {
                Path sounding = task.workDir().resolve("generated-sound.mp4");
                ffmpeg.get().run(MotionRenderer.withSound(spec, out, task.durationSeconds(), sounding), deadline);
                out = sounding;
            }
        } catch (FfmpegException e) {
            if (e.timedOut()) {
                throw ProviderException.timedOut("local rendering ran past its deadline");
            }
            throw ProviderException.failed("local rendering failed: " + e.getMessage());
        }
        return new GeneratedVideo(out, "video/mp4");
    }

    /** Any ratio: rendered at any frame. */
    @Override
    public boolean makes(String aspectRatio) {
        return true;
    }

    /** A Lanczos upscale of the source; an extension holding its last frame ({@link MotionRenderer#rescaled}, {@link MotionRenderer#extended}). */
    @Override
    public java.util.Set<String> videoOperations() {
        return java.util.Set.of("upscale", "extend");
    }

    /** Up to four, each fading into the next ({@link MotionRenderer#fromPictures}). */
    @Override
    public int references() {
        return 4;
    }

    /** From the first frame to the last ({@link MotionRenderer#fromFrames}). */
    @Override
    public boolean takesLastFrame() {
        return true;
    }
}
