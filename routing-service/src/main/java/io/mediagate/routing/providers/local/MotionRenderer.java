package io.mediagate.routing.providers.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The ffmpeg command lines of the {@code local/motion} model, as pure functions of the request: text to
 * video (moving gradients in the prompt's colours), image to video (a slow zoom into the picture), first and
 * last frame to video (the first picture fading into the last, which holds for the final quarter), reference pictures to
 * video (each fading into the next), a variation (the
 * source re-timed to the duration with its colours turned), and sound added to any of them (a chord in the prompt's notes). Every clip is H.264 in MP4
 * at exactly the requested frame size and exactly {@code duration × 24} frames; x264 is deterministic,
 * and the muxer is told to write no variable metadata, so equal inputs give equal files.
 */
final class MotionRenderer {
    static final int FPS = 24;

    private MotionRenderer() {
    }

    static long frames(double durationSeconds) {
        return Math.round(durationSeconds * FPS);
    }

    static List<String> fromText(MotionSpec spec, int width, int height, double duration, Path out) {
        String type = switch (spec.style()) {
            case "pulse" -> "radial";
            case "orbit" -> "spiral";
            default -> "linear";
        };
        String source = String.format(Locale.ROOT,
                "gradients=s=%dx%d:r=%d:c0=%s:c1=%s:c2=%s:c3=%s:nb_colors=4:seed=%d:speed=%.4f:type=%s",
                width, height, FPS, spec.colours()[0], spec.colours()[1], spec.colours()[2], spec.colours()[3],
                spec.gradientSeed(), spec.speed(), type);
        String look = "pulse".equals(spec.style()) ? ",eq=brightness='0.08*sin(2*PI*t)':eval=frame" : "";
        List<String> args = new ArrayList<>(List.of("-v", "error", "-f", "lavfi", "-i", source, "-vf", "format=yuv420p" + look));
        args.addAll(encode(duration, out));
        return args;
    }

    static List<String> fromImage(Path image, int width, int height, double duration, Path out) {
        long frames = frames(duration);
        String filter = String.format(Locale.ROOT,
                "scale=%d:%d:force_original_aspect_ratio=increase,crop=%d:%d,"
                        + "zoompan=z='min(1+0.25*on/%d,1.25)':d=%d:x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':s=%dx%d:fps=%d,"
                        + "format=yuv420p",
                width * 2, height * 2, width * 2, height * 2, frames, frames, width, height, FPS);
        List<String> args = new ArrayList<>(List.of("-v", "error", "-i", image.toString(), "-vf", filter));
        args.addAll(encode(duration, out));
        return args;
    }

    /**
     * From {@code first} to {@code last}: each picture fills the frame (scaled and cropped to it), the first fades into the
     * last over three quarters of the clip, and the last holds to the end, so the clip starts on one and ends on the other.
     */
    static List<String> fromFrames(Path first, Path last, int width, int height, double duration, Path out) {
        return fromPictures(List.of(first, last), width, height, duration, out);
    }

    /**
     * Through {@code pictures} in turn (a video keeping to reference pictures): each fills the frame (scaled and cropped to it),
     * each fades into the next, the fades sharing three quarters of the clip, and the last holds to the end; one picture holds
     * for the whole clip.
     */
    static List<String> fromPictures(List<Path> pictures, int width, int height, double duration, Path out) {
        String fill = String.format(Locale.ROOT,
                "scale=%d:%d:force_original_aspect_ratio=increase,crop=%d:%d,setsar=1,fps=%d,format=yuv420p", width, height, width, height, FPS);
        String seconds = String.format(Locale.ROOT, "%.3f", duration);
        List<String> args = new ArrayList<>(List.of("-v", "error"));
        StringBuilder graph = new StringBuilder();
        for (int i = 0; i < pictures.size(); i++) {
            args.addAll(List.of("-loop", "1", "-t", seconds, "-i", pictures.get(i).toString()));
            graph.append(String.format(Locale.ROOT, "[%d:v]%s[p%d];", i, fill, i));
        }
        double fade = pictures.size() < 2 ? 0 : duration * 0.75 / (pictures.size() - 1);
        String last = "p0";
        for (int i = 1; i < pictures.size(); i++) {
            String next = "x" + i;
            graph.append(String.format(Locale.ROOT, "[%s][p%d]xfade=transition=fade:duration=%.3f:offset=%.3f[%s];", last, i, fade,
                    fade * (i - 1), next));
            last = next;
        }
        graph.append('[').append(last).append("]format=yuv420p[v]");
        args.addAll(List.of("-filter_complex", graph.toString(), "-map", "[v]"));
        args.addAll(encode(duration, out));
        return args;
    }

    /**
     * {@code video} with sound: a chord of two notes picked by the prompt ({@code spec}), AAC in the same MP4, as long as the
     * clip; the video stream is copied as it is.
     */
    static List<String> withSound(MotionSpec spec, Path video, double duration, Path out) {
        double root = 220 + Math.floorMod(spec.gradientSeed(), 220);
        String chord = String.format(Locale.ROOT, "aevalsrc='0.2*sin(2*PI*%.1f*t)+0.15*sin(2*PI*%.1f*t)':s=48000:d=%.3f",
                root, root * 1.5, duration);
        return List.of("-v", "error", "-i", video.toString(), "-f", "lavfi", "-i", chord, "-map", "0:v:0", "-map", "1:a:0",
                "-c:v", "copy", "-c:a", "aac", "-b:a", "96k", "-shortest", "-movflags", "+faststart", "-map_metadata", "-1",
                "-fflags", "+bitexact", "-y", out.toString());
    }

    /** {@code source} made {@code width x height} with Lanczos (fitted, with bars where its shape differs), as long as it is. */
    static List<String> rescaled(Path source, int width, int height, Path out) {
        return whole(source, fitted(width, height, ""), out);
    }

    /** {@code source} in the frame, then held on its last frame for {@code seconds} more: a clip that goes on from it. */
    static List<String> extended(Path source, int width, int height, double seconds, Path out) {
        return whole(source, fitted(width, height, String.format(Locale.ROOT, ",tpad=stop_mode=clone:stop_duration=%.3f", seconds)), out);
    }

    /** {@code source} through {@code filter}, encoded as every clip here is, for as long as the filter gives frames. */
    private static List<String> whole(Path source, String filter, Path out) {
        List<String> args = new ArrayList<>(List.of("-v", "error", "-i", source.toString(), "-vf", filter + ",format=yuv420p"));
        args.addAll(encoded(out)); // no frame count: the source's length
        return args;
    }

    /** A video at 24 fps fitted into {@code width x height} with Lanczos, bars where its shape differs. */
    private static String fitted(int width, int height, String more) {
        return String.format(Locale.ROOT, "fps=%d,scale=%d:%d:force_original_aspect_ratio=decrease:flags=lanczos,pad=%d:%d:(ow-iw)/2:(oh-ih)/2,setsar=1%s",
                FPS, width, height, width, height, more);
    }

    static List<String> fromVideo(MotionSpec spec, Path source, int width, int height, double duration, Path out) {
        String filter = String.format(Locale.ROOT,
                "fps=%d,scale=%d:%d:force_original_aspect_ratio=decrease,pad=%d:%d:(ow-iw)/2:(oh-ih)/2,"
                        + "setsar=1,hue=h=%d:s=1.2,format=yuv420p",
                FPS, width, height, width, height, spec.hueTurn());
        List<String> args = new ArrayList<>(List.of("-v", "error", "-stream_loop", "-1", "-i", source.toString(), "-vf", filter));
        args.addAll(encode(duration, out));
        return args;
    }

    private static List<String> encode(double duration, Path out) {
        List<String> args = new ArrayList<>(List.of("-frames:v", Long.toString(frames(duration))));
        args.addAll(encoded(out));
        return args;
    }

    /** H.264 at 24 fps in a fast-start MP4 with no variable metadata, no sound, as every clip here is. */
    private static List<String> encoded(Path out) {
        return List.of("-r", Integer.toString(FPS), "-an",
                "-c:v", "libx264", "-preset", "veryfast", "-crf", "21", "-pix_fmt", "yuv420p",
                "-movflags", "+faststart", "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:v", "+bitexact",
                "-y", out.toString());
    }
}
