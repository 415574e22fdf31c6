package io.mediagate.pipeline.thumbnail;

import io.mediagate.staging.StagingBucket;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * A video's two stills as pure functions: the poster (the frame a third of the way in, at the video's size) and the
 * preview strip ({@link #STRIP_FRAMES} frames spread over the video, 320 px wide each, side by side), both WebP: the media
 * type OpenAI's video content declares for its {@code thumbnail} and {@code spritesheet}, and what browsers show. The
 * thumbnail stage takes them from the renditions; when it runs in the transcode stage's process they are two more outputs
 * of the transcode stage's one decode ({@link #posterBranch}, {@link #stripBranch}), kept there under {@link #madeKey}.
 */
public final class Stills {
    public static final int STRIP_FRAMES = 5;
    public static final String POSTER = "thumbnail.webp";
    public static final String STRIP = "preview.webp";
    static final int STRIP_FRAME_WIDTH = 320;
    static final int STRIP_WIDTH = STRIP_FRAMES * STRIP_FRAME_WIDTH;

    private Stills() {
    }

    /** Where the poster is taken, in seconds from the start of a video of {@code duration} seconds. */
    static double posterAt(double duration) {
        return Math.max(0, duration / 3);
    }

    /** The frame rate that takes {@link #STRIP_FRAMES} frames, evenly spread, from a video of {@code duration} seconds. */
    static String stripRate(double duration) {
        return String.format(Locale.ROOT, "%.6f", STRIP_FRAMES / Math.max(duration, 0.5));
    }

    /** The strip's height for a video of {@code width} × {@code height}: its frames' height at 320 wide, even. */
    static int stripHeight(int width, int height) {
        return (int) Math.round((double) STRIP_FRAME_WIDTH * height / width / 2) * 2;
    }

    /** Filters from a decoded video of {@code duration} seconds to its strip: one frame once all are taken. */
    static String stripFilter(double duration) {
        return "fps=" + stripRate(duration) + ",scale=" + STRIP_FRAME_WIDTH + ":-2,tile=" + STRIP_FRAMES + "x1";
    }

    /** A filter-graph branch from {@code in} to {@code out} keeping the poster's frame (and the frames after it). */
    public static String posterBranch(String in, double duration, String out) {
        return String.format(Locale.ROOT, "[%s]setpts=PTS-STARTPTS,select=gte(t\\,%.3f)[%s]", in, posterAt(duration), out);
    }

    /** A filter-graph branch from {@code in} to {@code out} making the strip. */
    public static String stripBranch(String in, double duration, String out) {
        return "[" + in + "]" + stripFilter(duration) + "[" + out + "]";
    }

    /** The output options writing the first frame reaching them as the poster at {@code file}. */
    public static List<String> posterOutput(Path file) {
        return webp(85, file);
    }

    /** The output options writing the first frame reaching them as the strip at {@code file}. */
    public static List<String> stripOutput(Path file) {
        return webp(80, file);
    }

    /**
     * The key under which the transcode stage keeps a still ({@link #POSTER}, {@link #STRIP}) it made of job
     * {@code jobId} on its process's disk for the thumbnail stage there; never staged.
     */
    public static String madeKey(String jobId, String name) {
        return StagingBucket.key(jobId, "stills/" + name);
    }

    private static List<String> webp(int quality, Path file) {
        return List.of("-frames:v", "1", "-c:v", "libwebp", "-quality", Integer.toString(quality), "-f", "webp", file.toString());
    }
}
