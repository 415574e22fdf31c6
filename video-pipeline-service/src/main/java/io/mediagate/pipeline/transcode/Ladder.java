package io.mediagate.pipeline.transcode;

import io.mediagate.common.values.Size;
import io.mediagate.common.values.VideoSize;
import io.mediagate.pipeline.thumbnail.Stills;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The transcode command as a pure function: one decode of the source, split into an MP4/H.264 rendition
 * per size at and below the requested one (fast start, so browsers play while downloading) and one
 * WebM/VP9 at the requested size; every output letterboxed to its exact frame size. Audio, when the
 * source has it, becomes AAC in MP4 and Opus in WebM. The MP4 at the requested size is left out when the source is
 * remuxed into it instead ({@link MainRendition}); then the same decode can give the video's poster and strip too
 * ({@link #withStills}).
 */
final class Ladder {
    private Ladder() {
    }

    static String mp4Name(Size size) {
        return size.label() + ".mp4";
    }

    static String webmName(Size size) {
        return size.label() + ".webm";
    }

    static List<String> command(Path source, Size top, boolean audio, Path dir, boolean withMain) {
        return outputs(source, top, audio, dir, VideoSize.ladder(top).stream().filter(s -> withMain || !s.equals(top)).toList(), true, null);
    }

    /**
     * As {@link #command} without the main rendition (the source is remuxed into it), the same decode also giving the
     * poster and the strip of {@code stills}: the source plays as it is, so its frames are the main rendition's.
     */
    static List<String> withStills(Path source, Size top, boolean audio, Path dir, StillsOf stills) {
        return outputs(source, top, audio, dir, VideoSize.ladder(top).stream().filter(s -> !s.equals(top)).toList(), true, stills);
    }

    /** The MP4 at the requested size alone: the main rendition when a remux of the source did not check out. */
    static List<String> main(Path source, Size top, boolean audio, Path dir) {
        return outputs(source, top, audio, dir, List.of(top), false, null);
    }

    /** The poster and the strip of a video of {@code duration} seconds, to be written in {@code dir}. */
    record StillsOf(double duration, Path dir) {
        Path poster() {
            return dir.resolve(Stills.POSTER);
        }

        Path strip() {
            return dir.resolve(Stills.STRIP);
        }
    }

    /**
     * One decode of {@code source} split into an MP4 per size in {@code sizes}, a WebM at {@code top} if asked, and the
     * stills when asked (null: none).
     */
    private static List<String> outputs(Path source, Size top, boolean audio, Path dir, List<Size> sizes, boolean webm,
                                        StillsOf stills) {
        int outputs = sizes.size() + (webm ? 1 : 0);
        int branches = outputs + (stills == null ? 0 : 2);
        StringBuilder graph = new StringBuilder("[0:v]split=").append(branches);
        for (int i = 0; i < branches; i++) {
            graph.append("[s").append(i).append(']');
        }
        for (int i = 0; i < outputs; i++) {
            Size size = i < sizes.size() ? sizes.get(i) : top;
            graph.append(';').append(String.format(Locale.ROOT,
                    "[s%d]scale=%d:%d:force_original_aspect_ratio=decrease,pad=%d:%d:(ow-iw)/2:(oh-ih)/2,setsar=1,format=yuv420p[v%d]",
                    i, size.width(), size.height(), size.width(), size.height(), i));
        }
        if (stills != null) {
            graph.append(';').append(Stills.posterBranch("s" + outputs, stills.duration(), "poster"))
                    .append(';').append(Stills.stripBranch("s" + (outputs + 1), stills.duration(), "strip"));
        }
        List<String> args = new ArrayList<>(List.of("-v", "error", "-y", "-i", source.toString(), "-filter_complex", graph.toString()));
        for (int i = 0; i < sizes.size(); i++) {
            args.addAll(List.of("-map", "[v" + i + "]"));
            if (audio) {
                args.addAll(List.of("-map", "0:a:0", "-c:a", "aac", "-b:a", "128k"));
            }
            args.addAll(List.of("-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-profile:v", "high",
                    "-g", "48", "-keyint_min", "48", "-sc_threshold", "0",
                    "-movflags", "+faststart", dir.resolve(mp4Name(sizes.get(i))).toString()));
        }
        if (webm) {
            args.addAll(List.of("-map", "[v" + sizes.size() + "]"));
            if (audio) {
                args.addAll(List.of("-map", "0:a:0", "-c:a", "libopus", "-b:a", "96k"));
            }
            args.addAll(List.of("-c:v", "libvpx-vp9", "-deadline", "realtime", "-cpu-used", "8", "-row-mt", "1",
                    "-crf", "34", "-b:v", "0", dir.resolve(webmName(top)).toString()));
        }
        if (stills != null) {
            args.addAll(List.of("-map", "[poster]"));
            args.addAll(Stills.posterOutput(stills.poster()));
            args.addAll(List.of("-map", "[strip]"));
            args.addAll(Stills.stripOutput(stills.strip()));
        }
        return args;
    }

    /** An HLS playlist (2-second segments) re-muxed without re-encoding from {@code mp4}'s video and first audio stream. */
    static List<String> hls(Path mp4, boolean audio, Path hlsDir) {
        List<String> args = new ArrayList<>(List.of("-v", "error", "-y", "-i", mp4.toString(), "-map", "0:v:0"));
        if (audio) {
            args.addAll(List.of("-map", "0:a:0"));
        }
        args.addAll(List.of("-c", "copy", "-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod",
                "-hls_segment_filename", hlsDir.resolve("seg_%03d.ts").toString(), hlsDir.resolve("index.m3u8").toString()));
        return args;
    }
}
