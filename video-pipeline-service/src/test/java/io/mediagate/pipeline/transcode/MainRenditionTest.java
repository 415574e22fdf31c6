package io.mediagate.pipeline.transcode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.values.Size;
import io.mediagate.common.values.VideoSize;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.Probe;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which provider files become the main rendition by remuxing alone, and that what comes out is checked, with real ffmpeg. */
class MainRenditionTest {
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static Ffmpeg ffmpeg;
    @TempDir
    Path dir;

    @BeforeAll
    static void locate() {
        ffmpeg = Ffmpeg.locate();
    }

    private Path clip(String name, String size, String... encoding) {
        Path file = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("-v", "error", "-f", "lavfi", "-i", "testsrc2=s=" + size + ":r=24", "-frames:v", "24"));
        args.addAll(List.of(encoding));
        args.add(file.toString());
        ffmpeg.run(args, MINUTE);
        return file;
    }

    private Probe probe(Path file) {
        return ffmpeg.probe(file, MINUTE);
    }

    /** The MD5 of a file's video packets as they are, without decoding: equal only for the same encoded stream. */
    private String packets(Path file) throws Exception {
        Path md5 = dir.resolve(file.getFileName() + ".md5");
        ffmpeg.run(List.of("-v", "error", "-y", "-i", file.toString(), "-map", "0:v:0", "-c", "copy", "-f", "md5", md5.toString()), MINUTE);
        return Files.readString(md5).trim();
    }

    @Test
    void anH264Mp4AtTheRequestedSizeIsRemuxedWithItsIndexFirstAndTheSameStream() throws Exception {
        Path source = clip("provider.mp4", "854x480", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p");
        assertFalse(MainRendition.indexFirst(source), "ffmpeg writes the index last unless asked");
        assertTrue(MainRendition.remuxable(probe(source), Size.of(VideoSize.P480)));

        Path main = dir.resolve("480p.mp4");
        ffmpeg.run(MainRendition.remux(source, false, main), MINUTE);
        assertTrue(MainRendition.indexFirst(main));
        assertTrue(MainRendition.checked(probe(main), Size.of(VideoSize.P480), main));
        assertEquals(packets(source), packets(main), "the provider's stream as it was, not encoded again");
    }

    @Test
    void anythingElseIsEncoded() {
        assertFalse(MainRendition.remuxable(probe(clip("small.mp4", "640x360", "-c:v", "libx264", "-pix_fmt", "yuv420p")), Size.of(VideoSize.P480)),
                "another size");
        assertFalse(MainRendition.remuxable(probe(clip("full.mp4", "854x480", "-c:v", "libx264", "-pix_fmt", "yuv444p")), Size.of(VideoSize.P480)),
                "4:4:4, which browsers do not play");
        assertFalse(MainRendition.remuxable(probe(clip("vp9.webm", "854x480", "-c:v", "libvpx-vp9", "-deadline", "realtime")), Size.of(VideoSize.P480)),
                "not H.264");
        assertFalse(MainRendition.remuxable(probe(clip("clip.mkv", "854x480", "-c:v", "libx264", "-pix_fmt", "yuv420p")), Size.of(VideoSize.P480)),
                "not an MP4");
    }

    @Test
    void aFileWithoutFastStartDoesNotCheckOut() throws Exception {
        Path slow = clip("slow.mp4", "854x480", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p");
        assertFalse(MainRendition.checked(probe(slow), Size.of(VideoSize.P480), slow));
        Path junk = dir.resolve("junk.mp4");
        Files.write(junk, new byte[] {0, 0, 0, 8, 'f', 'r', 'e', 'e', 0, 0});
        assertFalse(MainRendition.indexFirst(junk));
    }
}
