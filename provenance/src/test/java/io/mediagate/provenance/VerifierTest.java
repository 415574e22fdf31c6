package io.mediagate.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.infra.SigningChain;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.reading.Report;
import io.mediagate.provenance.reading.Trust;
import io.mediagate.provenance.reading.Verifier;
import io.mediagate.testing.C2paReference;
import io.mediagate.testing.TestImages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java reading of Content Credentials against the C2PA reference implementation's, file by file: signed images of
 * each format and videos, files derived from them, a changed byte of the file, a changed byte of the claim, an
 * untrusted and a trusted signer. Both give the same validation state and the same failure codes.
 */
class VerifierTest {
    @TempDir
    static Path dir;
    private static SigningKey key;
    private static Ffmpeg ffmpeg;
    private static final ContentCredentials.Generation MADE = new ContentCredentials.Generation("local/pattern:1", "local", "job_r", null);

    @BeforeAll
    static void credential() throws Exception {
        SigningChain.write(dir, "Mediagate test");
        key = SigningKey.read(dir.resolve("c2pa-signing-key.pem"), dir.resolve("c2pa-signing-chain.pem"));
        ffmpeg = Ffmpeg.locate();
    }

    private static Verifier verifier(boolean trustingTheCa) throws Exception {
        return new Verifier(Trust.of(trustingTheCa ? List.of(dir.resolve("c2pa-ca.pem")) : List.of()), Clock.systemUTC());
    }

    /** The same state and failures from both readings of {@code file}; answers the Java one. */
    private static Report agree(Path file, String mime, boolean trustingTheCa) throws Exception {
        Report mine = verifier(trustingTheCa).read(file, mime);
        C2paReference.Reading theirs = C2paReference.read(Files.readAllBytes(file), mime,
                trustingTheCa ? Optional.of(dir.resolve("c2pa-ca.pem")) : Optional.empty());
        assertTrue(mine.signed(), file.toString());
        assertEquals(theirs.state(), mine.state(), file + ": " + theirs.codes("failure") + " / " + mine.validationResults());
        assertEquals(new TreeSet<>(theirs.codes("failure")), new TreeSet<>(failures(mine)), file.toString());
        return mine;
    }

    private static List<String> failures(Report report) {
        return report.codes("failure");
    }

    private static Path write(String name, byte[] bytes) throws Exception {
        return Files.write(dir.resolve(name), bytes);
    }

    @Test
    void signedImagesReadAsTheReferenceReadsThemTrustedOrNot() throws Exception {
        ContentCredentials credentials = new ContentCredentials(key, "1.2.3", false);
        for (var image : Map.of("image/png", TestImages.png(40, 30), "image/jpeg", TestImages.jpeg(40, 30),
                "image/webp", TestImages.webp(40, 30, 0xff102030)).entrySet()) {
            byte[] signed = credentials.created(image.getValue(), image.getKey(), MADE).orElseThrow();
            Path file = write("signed." + image.getKey().substring(6), signed);
            assertEquals("Valid", agree(file, image.getKey(), false).state());
            Report trusted = agree(file, image.getKey(), true);
            assertEquals("Trusted", trusted.state());
            Report.Summary summary = trusted.summary();
            assertEquals(List.of("c2pa.created"), summary.actions());
            assertEquals(ContentCredentials.TRAINED_ALGORITHMIC_MEDIA, summary.digitalSourceType());
            assertEquals("Mediagate 1.2.3", summary.generator());
            assertTrue(summary.signer().contains("Mediagate test"), summary.signer());
            byte[] changed = signed.clone();
            changed[changed.length - 3] ^= 0x01;
            assertEquals("Invalid", agree(write("changed." + image.getKey().substring(6), changed), image.getKey(), true).state());
            byte[] claimChanged = signed.clone();
            claimChanged[indexOf(signed, "c2pa.claim.v2".getBytes(StandardCharsets.US_ASCII)) + 40] ^= 0x01;
            Report broken = verifier(true).read(claimChanged, image.getKey());
            assertEquals("Invalid", broken.state());
            assertTrue(failures(broken).contains("claimSignature.mismatch"), failures(broken).toString());
        }
        assertFalse(verifier(true).read(TestImages.png(8, 8), "image/png").signed(), "an unsigned file reads as such");
    }

    @Test
    void videosAndWhatIsMadeFromThemReadAsTheReferenceReadsThem() throws Exception {
        Path clip = dir.resolve("clip.mp4");
        ffmpeg.run(List.of("-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=128x72:rate=24:duration=1", "-c:v", "libx264",
                "-pix_fmt", "yuv420p", "-movflags", "+faststart", clip.toString()), Duration.ofMinutes(1));
        ContentCredentials credentials = new ContentCredentials(key, "1.2.3", false);
        Path main = dir.resolve("main.mp4");
        assertTrue(credentials.created(clip, main, MADE));
        assertEquals("Trusted", agree(main, "video/mp4", true).state());
        Path small = dir.resolve("small.mp4");
        assertTrue(credentials.transcoded(clip, small, main, MADE));
        Report derived = agree(small, "video/mp4", true);
        assertEquals(List.of("c2pa.opened", "c2pa.transcoded"), derived.summary().actions());
        assertEquals(List.of(new Report.IngredientSummary("main.mp4", "video/mp4", "parentOf")), derived.summary().ingredients());
        byte[] tampered = Files.readAllBytes(main);
        tampered[tampered.length - 50] ^= 0x01;
        assertEquals("Invalid", agree(write("tampered.mp4", tampered), "video/mp4", true).state());
        List<String> none = new ArrayList<>(failures(agree(small, "video/mp4", false)));
        assertEquals(List.of("signingCredential.untrusted"), none);
    }

    /** A file made from another signer's carries its manifest: trusted here or not, as the reference reads it. */
    @Test
    void aFileMadeFromAnotherSignersFileIsNoMoreTrustedThanIt() throws Exception {
        Path other = Files.createDirectories(dir.resolve("other"));
        SigningChain.write(other, "Other signer");
        ContentCredentials theirs = new ContentCredentials(SigningKey.read(other.resolve("c2pa-signing-key.pem"),
                other.resolve("c2pa-signing-chain.pem")), "5.0", false);
        ContentCredentials ours = new ContentCredentials(key, "1.2.3", false);
        byte[] parent = theirs.created(TestImages.png(20, 20), "image/png", MADE).orElseThrow();
        var ingredient = ours.ingredient(parent, "image/png", "parent.png", io.mediagate.provenance.manifest.Ingredient.PARENT_OF);
        byte[] converted = ours.derived(TestImages.jpeg(20, 20), "image/jpeg", Derivation.converted(ingredient), MADE).orElseThrow();
        assertEquals("Valid", agree(write("of-other.jpg", converted), "image/jpeg", true).state(), "its own signer is trusted, the parent's is not");
        byte[] fromOurs = ours.derived(TestImages.jpeg(20, 20), "image/jpeg", Derivation.converted(ours.ingredient(
                ours.created(TestImages.png(20, 20), "image/png", MADE).orElseThrow(), "image/png", "p.png",
                io.mediagate.provenance.manifest.Ingredient.PARENT_OF)), MADE).orElseThrow();
        assertEquals("Trusted", agree(write("of-ours.jpg", fromOurs), "image/jpeg", true).state());
    }

    /** Files changed at random, in and around their manifests, read as invalid or unsigned: never an exception. */
    @Test
    void changedFilesReadAsInvalidOrUnsignedNeverAsAnError() throws Exception {
        ContentCredentials credentials = new ContentCredentials(key, "1.2.3", false);
        java.util.Random random = new java.util.Random(7);
        Verifier verifier = verifier(true);
        for (var image : Map.of("image/png", TestImages.png(24, 24), "image/jpeg", TestImages.jpeg(24, 24),
                "image/webp", TestImages.webp(24, 24, 0xff0000ff)).entrySet()) {
            byte[] signed = credentials.created(image.getValue(), image.getKey(), MADE).orElseThrow();
            for (int i = 0; i < 300; i++) {
                byte[] changed = signed.clone();
                for (int n = 1 + random.nextInt(4); n > 0; n--) {
                    changed[random.nextInt(changed.length)] = (byte) random.nextInt(256);
                }
                Report report = verifier.read(changed, image.getKey());
                assertTrue(!report.signed() || List.of("Invalid", "Trusted").contains(report.state()), image.getKey() + ": " + report.state());
            }
            Report cut = verifier.read(java.util.Arrays.copyOf(signed, signed.length / 2), image.getKey());
            assertTrue(!cut.signed() || "Invalid".equals(cut.state()), "a file cut short: " + cut.state());
        }
        Path clip = dir.resolve("fuzz.mp4");
        ffmpeg.run(List.of("-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x36:rate=12:duration=1", "-c:v", "libx264",
                "-pix_fmt", "yuv420p", clip.toString()), Duration.ofMinutes(1));
        Path signedClip = dir.resolve("fuzz-signed.mp4");
        assertTrue(credentials.created(clip, signedClip, MADE));
        byte[] video = Files.readAllBytes(signedClip);
        int manifestEnd = indexOf(video, "moov".getBytes(StandardCharsets.US_ASCII)); // the C2PA box lies between ftyp and moov
        for (int i = 0; i < 200; i++) {
            byte[] changed = video.clone();
            changed[random.nextInt(manifestEnd + 64)] = (byte) random.nextInt(256);
            Report report = verifier.read(write("fuzzed.mp4", changed), "video/mp4");
            assertTrue(!report.signed() || List.of("Invalid", "Trusted").contains(report.state()), "mp4: " + report.state());
        }
    }

    private static int indexOf(byte[] in, byte[] what) {
        for (int i = 0; i + what.length <= in.length; i++) {
            if (java.util.Arrays.equals(in, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }
}
