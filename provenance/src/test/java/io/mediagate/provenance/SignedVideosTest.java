package io.mediagate.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.Probe;
import io.mediagate.infra.SigningChain;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.testing.C2paReference;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MP4 renditions and the stills taken from them, signed and read back by the C2PA reference implementation: the main
 * rendition as created, another rendition as transcoded from it and a poster as converted from it, each naming the main
 * one as its parent ingredient and carrying its manifest; every file still plays or shows as ffmpeg reads it.
 */
class SignedVideosTest {
    @TempDir
    static Path dir;
    private static SigningKey key;
    private static Ffmpeg ffmpeg;
    private static final ContentCredentials.Generation MADE = new ContentCredentials.Generation("google/veo-3:001", "vertex", "job_v1", null);
    private static final Duration MINUTE = Duration.ofMinutes(1);

    @BeforeAll
    static void credentialAndClips() throws Exception {
        SigningChain.write(dir, "Mediagate test");
        key = SigningKey.read(dir.resolve("c2pa-signing-key.pem"), dir.resolve("c2pa-signing-chain.pem"));
        ffmpeg = Ffmpeg.locate();
    }

    private static Path clip(String name, int width, int height, boolean fastStart, boolean audio) {
        Path file = dir.resolve(name);
        List<String> args = new ArrayList<>(List.of("-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=" + width + "x" + height + ":rate=24:duration=2"));
        if (audio) {
            args.addAll(List.of("-f", "lavfi", "-i", "sine=frequency=440:duration=2", "-c:a", "aac"));
        }
        args.addAll(List.of("-c:v", "libx264", "-pix_fmt", "yuv420p", "-preset", "ultrafast"));
        if (fastStart) {
            args.addAll(List.of("-movflags", "+faststart"));
        }
        args.add(file.toString());
        ffmpeg.run(args, MINUTE);
        return file;
    }

    private static ContentCredentials credentials() {
        return new ContentCredentials(key, "1.2.3", false);
    }

    private static C2paReference.Reading read(Path file, String mime) throws Exception {
        return C2paReference.read(Files.readAllBytes(file), mime, Optional.empty());
    }

    /** Whether ffmpeg decodes every frame of {@code file} without an error, and how many seconds it lasts. */
    private static double plays(Path file) {
        ffmpeg.run(List.of("-v", "error", "-xerror", "-i", file.toString(), "-f", "null", "-"), MINUTE);
        Probe probe = ffmpeg.probe(file, MINUTE);
        assertEquals("h264", probe.video().orElseThrow().codec());
        return probe.durationSeconds();
    }

    @Test
    void aGeneratedVideoIsSignedAsCreatedWithItsIndexFirstOrLastAndStillPlays() throws Exception {
        for (boolean fastStart : List.of(true, false)) {
            Path clip = clip("generated-" + fastStart + ".mp4", 160, 90, fastStart, true);
            Path signed = dir.resolve("signed-" + fastStart + ".mp4");
            assertTrue(credentials().created(clip, signed, MADE));
            C2paReference.Reading reading = read(signed, "video/mp4");
            assertEquals(List.of("signingCredential.untrusted"), reading.codes("failure"), reading.json().toString());
            assertTrue(reading.codes("success").contains("assertion.bmffHash.match"), reading.codes("success").toString());
            JsonNode created = reading.assertion("c2pa.actions.v2").path("actions").get(0);
            assertEquals("c2pa.created", created.path("action").asText());
            assertEquals(ContentCredentials.TRAINED_ALGORITHMIC_MEDIA, created.path("digitalSourceType").asText());
            assertEquals("google/veo-3:001", reading.assertion(ContentCredentials.GENERATION).path("model").asText());
            assertEquals(plays(clip), plays(signed), 0.001, "the signed file plays as long as the clip did");
            assertFalse(credentials().created(signed, dir.resolve("again.mp4"), MADE), "a signed file is not signed over");
        }
    }

    @Test
    void aByteChangedInTheMediaDataIsAHashMismatch() throws Exception {
        Path signed = dir.resolve("tampered.mp4");
        assertTrue(credentials().created(clip("to-tamper.mp4", 160, 90, true, false), signed, MADE));
        byte[] bytes = Files.readAllBytes(signed);
        bytes[bytes.length - 100] ^= 0x01; // inside mdat, the last box
        C2paReference.Reading reading = C2paReference.read(bytes, "video/mp4", Optional.empty());
        assertTrue(reading.codes("failure").contains("assertion.bmffHash.mismatch"), reading.codes("failure").toString());
        Path changed = Files.write(dir.resolve("tampered-parent.mp4"), bytes);
        Path child = dir.resolve("of-tampered.mp4");
        assertTrue(credentials().transcoded(clip("child.mp4", 96, 54, true, false), child, changed, MADE));
        JsonNode ingredient = read(child, "video/mp4").activeManifest().path("ingredients").get(0);
        assertTrue(ingredient.path("validation_results").toString().contains("assertion.bmffHash.mismatch"),
                "what was found of the parent is recorded with it: " + ingredient);
    }

    @Test
    void aSmallerRenditionAndAPosterNameTheMainRenditionAsTheirParent() throws Exception {
        Path main = dir.resolve("1080p.mp4");
        assertTrue(credentials().created(clip("main.mp4", 192, 108, true, true), main, MADE));
        Path small = dir.resolve("360p.mp4");
        assertTrue(credentials().transcoded(clip("small.mp4", 96, 54, true, true), small, main, MADE));
        Path poster = dir.resolve("poster.webp");
        ffmpeg.run(List.of("-v", "error", "-y", "-i", main.toString(), "-frames:v", "1", "-c:v", "libwebp", "-f", "webp", poster.toString()), MINUTE);
        byte[] still = credentials().converted(Files.readAllBytes(poster), "image/webp", main, MADE).orElseThrow();
        Path signedPoster = Files.write(dir.resolve("poster-signed.webp"), still);
        assertEquals(192, ffmpeg.probe(signedPoster, MINUTE).video().orElseThrow().width(), "the signed poster still reads as an image");
        String parentLabel = read(main, "video/mp4").json().path("active_manifest").asText();
        for (var made : List.of(new Object[] {small, "video/mp4", "c2pa.transcoded"}, new Object[] {signedPoster, "image/webp", "c2pa.converted"})) {
            C2paReference.Reading reading = read((Path) made[0], (String) made[1]);
            assertEquals(List.of("signingCredential.untrusted"), reading.codes("failure"), reading.json().toString());
            JsonNode actions = reading.assertion("c2pa.actions.v2").path("actions");
            assertEquals("c2pa.opened", actions.get(0).path("action").asText());
            assertEquals(made[2], actions.get(1).path("action").asText());
            JsonNode ingredients = reading.activeManifest().path("ingredients");
            assertEquals(1, ingredients.size());
            assertEquals("parentOf", ingredients.get(0).path("relationship").asText());
            assertEquals("video/mp4", ingredients.get(0).path("format").asText());
            assertEquals(parentLabel, ingredients.get(0).path("active_manifest").asText(), "the parent's manifest is the main rendition's");
            assertTrue(reading.json().path("manifests").has(parentLabel), "and it is carried in the store");
            assertEquals("job_v1", reading.assertion(ContentCredentials.GENERATION).path("job").asText());
        }
        assertTrue(plays(small) > 1.9);
    }

    @Test
    void aFileMadeFromAnUnsignedVideoIsNotSignedAsDerived() throws Exception {
        Path unsigned = clip("unsigned.mp4", 96, 54, true, false);
        assertFalse(credentials().transcoded(clip("other.mp4", 96, 54, true, false), dir.resolve("x.mp4"), unsigned, MADE));
        assertFalse(Files.exists(dir.resolve("x.mp4")));
    }
}
