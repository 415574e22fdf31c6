package io.mediagate.pipeline.transcode;

import io.mediagate.common.values.Size;
import io.mediagate.ffmpeg.Probe;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The main rendition: MP4, H.264 in 8-bit 4:2:0 (what every browser plays), at the requested size, fast start. When the
 * provider's file already is that stream in an MP4 or QuickTime file, with no audio or AAC audio, the main rendition is
 * that file remuxed with the index first ({@link #remux}), not encoded again: it is ready about a second after the video
 * is generated. Whatever comes out is {@link #checked} before it is announced.
 */
final class MainRendition {
    private MainRendition() {
    }

    /** Whether the provider's file can become the main rendition of {@code size} by remuxing alone. */
    static boolean remuxable(Probe probe, Size size) {
        boolean mp4 = List.of(probe.formatName().split(",")).stream().anyMatch(f -> f.equals("mp4") || f.equals("mov"));
        List<Probe.Stream> video = probe.streams().stream().filter(s -> "video".equals(s.type())).toList();
        boolean audioPlays = probe.audio().stream().allMatch(s -> "aac".equals(s.codec()));
        return mp4 && audioPlays && video.size() == 1 && playable(video.getFirst(), size);
    }

    /** The command copying {@code source}'s video (and first audio) stream into {@code target}, the index first. */
    static List<String> remux(Path source, boolean audio, Path target) {
        List<String> args = new ArrayList<>(List.of("-v", "error", "-y", "-i", source.toString(), "-map", "0:v:0"));
        if (audio) {
            args.addAll(List.of("-map", "0:a:0"));
        }
        args.addAll(List.of("-c", "copy", "-movflags", "+faststart", target.toString()));
        return args;
    }

    /** Whether {@code file}, as {@code probe} read it, is a main rendition of {@code size} that plays while it downloads. */
    static boolean checked(Probe probe, Size size, Path file) throws IOException {
        return probe.video().map(v -> playable(v, size)).orElse(false) && probe.durationSeconds() > 0 && indexFirst(file);
    }

    private static boolean playable(Probe.Stream video, Size size) {
        return "h264".equals(video.codec()) && "yuv420p".equals(video.pixelFormat())
                && video.width() == size.width() && video.height() == size.height();
    }

    /** Whether the MP4's index ({@code moov}) comes before its media data ({@code mdat}), as fast start puts it. */
    static boolean indexFirst(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file); DataInputStream in = new DataInputStream(raw)) {
            while (true) {
                long size = Integer.toUnsignedLong(in.readInt());
                byte[] type = in.readNBytes(4);
                String name = new String(type, StandardCharsets.ISO_8859_1);
                if (name.equals("moov")) {
                    return true;
                }
                if (name.equals("mdat") || size == 0) {
                    return false;
                }
                long header = 8;
                if (size == 1) {
                    size = in.readLong();
                    header = 16;
                }
                if (size < header) {
                    return false;
                }
                in.skipNBytes(size - header);
            }
        } catch (EOFException e) {
            return false;
        }
    }
}
