package io.mediagate.provenance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.infra.SigningChain;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.formats.Embedding;
import io.mediagate.provenance.formats.Jpeg;
import io.mediagate.provenance.formats.Png;
import io.mediagate.provenance.formats.WebP;
import io.mediagate.provenance.manifest.Manifest;
import io.mediagate.testing.C2paReference;
import io.mediagate.testing.TestImages;
import java.awt.image.BufferedImage;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Images signed here, read by the C2PA reference implementation (c2pa-rs): each format's claim signature and hashes
 * validate, the signer is trusted exactly when its CA is, the assertions read back as written, and a byte changed
 * anywhere in the image is reported as a hash mismatch.
 */
class SignedImagesTest {
    @TempDir
    static Path keys;
    private static SigningKey key;

    @BeforeAll
    static void credential() throws Exception {
        SigningChain.write(keys, "Mediagate test");
        key = SigningKey.read(keys.resolve("c2pa-signing-key.pem"), keys.resolve("c2pa-signing-chain.pem"));
    }

    private static Manifest generated() {
        Map<String, Object> created = new LinkedHashMap<>();
        created.put("action", "c2pa.created");
        created.put("digitalSourceType", "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia");
        created.put("softwareAgent", Map.of("name", "Mediagate", "version", "test"));
        return new Manifest("Mediagate", "test")
                .add("c2pa.actions.v2", Map.of("actions", List.of(created)))
                .add("io.mediagate.generation", Map.of("model", "local/pattern:1", "provider", "local", "job", "job_test"));
    }

    private static byte[] sign(String mime, byte[] image, Manifest manifest) {
        return Embedding.of(mime).orElseThrow().sign(image, manifest, key);
    }

    private static final Map<String, byte[]> IMAGES = Map.of("image/png", TestImages.png(64, 48), "image/jpeg", TestImages.jpeg(64, 48),
            "image/webp", TestImages.webp(64, 48, 0xff336699));

    private static C2paReference.Reading read(byte[] file, String mime, boolean trustingTheCa) throws Exception {
        return C2paReference.read(file, mime, trustingTheCa ? Optional.of(keys.resolve("c2pa-ca.pem")) : Optional.empty());
    }

    @Test
    void eachImageFormatValidatesSignedByTheDeploymentsKeyWithItsAssertions() throws Exception {
        for (Map.Entry<String, byte[]> image : IMAGES.entrySet()) {
            String mime = image.getKey();
            byte[] signed = sign(mime, image.getValue(), generated());
            C2paReference.Reading trusted = read(signed, mime, true);
            assertEquals("Trusted", trusted.state(), mime + ": " + trusted.json());
            assertEquals(List.of(), trusted.codes("failure"), mime);
            assertTrue(trusted.codes("success").containsAll(List.of("claimSignature.validated", "assertion.dataHash.match")),
                    mime + ": " + trusted.codes("success"));

            C2paReference.Reading untrusted = read(signed, mime, false);
            assertEquals("Valid", untrusted.state(), mime);
            assertEquals(List.of("signingCredential.untrusted"), untrusted.codes("failure"), mime + ": the only finding");

            JsonNode created = trusted.assertion("c2pa.actions.v2").path("actions").get(0);
            assertEquals("c2pa.created", created.path("action").asText(), mime);
            assertEquals("http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia", created.path("digitalSourceType").asText());
            JsonNode generation = trusted.assertion("io.mediagate.generation");
            assertEquals("local/pattern:1", generation.path("model").asText(), mime);
            assertEquals("job_test", generation.path("job").asText(), mime);
            assertEquals("Mediagate test development C2PA signer",
                    trusted.activeManifest().path("signature_info").path("common_name").asText(), mime);
            assertEquals("Mediagate", trusted.activeManifest().path("claim_generator_info").get(0).path("name").asText());
        }
    }

    @Test
    void aByteChangedAnywhereOutsideTheManifestIsAHashMismatch() throws Exception {
        for (Map.Entry<String, byte[]> image : IMAGES.entrySet()) {
            String mime = image.getKey();
            byte[] signed = sign(mime, image.getValue(), generated());
            // a header byte that keeps the file's structure (a PNG's width, JFIF's name, the RIFF size), and image data near
            // the end of the original (the manifest goes near the start of a PNG or a JPEG, at the end of a WebP)
            int header = switch (mime) {
                case "image/png" -> 19;
                case "image/jpeg" -> 7;
                default -> 5;
            };
            int imageData = mime.equals("image/webp") ? image.getValue().length - 3 : signed.length - 3;
            for (int at : List.of(header, imageData)) {
                byte[] changed = signed.clone();
                changed[at] ^= 0x01;
                C2paReference.Reading reading = read(changed, mime, true);
                assertEquals("Invalid", reading.state(), mime + " byte " + at);
                assertTrue(reading.codes("failure").contains("assertion.dataHash.mismatch"), mime + ": " + reading.codes("failure"));
            }
            byte[] claimChanged = signed.clone();
            int claim = indexOf(signed, "c2pa.claim.v2".getBytes(java.nio.charset.StandardCharsets.US_ASCII)) + 40;
            claimChanged[claim] ^= 0x01;
            assertEquals("Invalid", read(claimChanged, mime, true).state(), mime + ": a byte of the signed claim changed");
        }
    }

    @Test
    void aManifestLargerThanOneJpegSegmentSpansSeveralAndWebPChunksOfEitherParityAreKept() throws Exception {
        byte[] jpeg = new Jpeg().sign(IMAGES.get("image/jpeg"), generated().add("io.mediagate.test.filler", Map.of("data", new byte[150_000])), key);
        assertEquals(3, segments(jpeg, 0xeb), "a 150 kB manifest takes three APP11 segments");
        assertEquals("Trusted", read(jpeg, "image/jpeg", true).state());
        BufferedImage decoded = TestImages.decode(jpeg);
        assertEquals(64, decoded.getWidth(), "the signed JPEG still decodes");

        Set<Integer> parities = new HashSet<>();
        byte[] original = IMAGES.get("image/webp");
        for (int filler = 0; filler < 2; filler++) {
            byte[] webp = new WebP().sign(original, generated().add("io.mediagate.test.filler", Map.of("data", new byte[filler])), key);
            ByteBuffer riff = ByteBuffer.wrap(webp).order(ByteOrder.LITTLE_ENDIAN);
            assertEquals(webp.length - 8, riff.getInt(4), "the RIFF size counts the C2PA chunk and its pad byte");
            parities.add(riff.getInt(original.length + 4) % 2); // the C2PA chunk's size, appended after the original
            C2paReference.Reading reading = read(webp, "image/webp", true);
            assertEquals("Trusted", reading.state(), "filler " + filler + ": " + reading.codes("failure"));
        }
        assertEquals(Set.of(0, 1), parities, "an odd-sized chunk (with its pad byte) and an even-sized one");
        assertArrayEquals(TestImages.decode(IMAGES.get("image/png")).getRGB(0, 0, 64, 48, null, 0, 64),
                TestImages.decode(new Png().sign(IMAGES.get("image/png"), generated(), key)).getRGB(0, 0, 64, 48, null, 0, 64),
                "the signed PNG decodes to the same pixels");
    }

    @Test
    void aFileThatCarriesCredentialsAlreadyIsNotSignedAgain() {
        for (Map.Entry<String, byte[]> image : IMAGES.entrySet()) {
            Embedding embedding = Embedding.of(image.getKey()).orElseThrow();
            byte[] signed = embedding.sign(image.getValue(), generated(), key);
            assertTrue(embedding.carries(signed) && !embedding.carries(image.getValue()), image.getKey());
            assertThrows(IllegalArgumentException.class, () -> embedding.sign(signed, generated(), key), image.getKey());
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

    private static int segments(byte[] jpeg, int marker) {
        int count = 0;
        for (int at = 2; at + 4 <= jpeg.length && (jpeg[at + 1] & 0xff) != 0xda; ) {
            if ((jpeg[at + 1] & 0xff) == marker) {
                count++;
            }
            at += 2 + (((jpeg[at + 2] & 0xff) << 8) | (jpeg[at + 3] & 0xff));
        }
        return count;
    }
}
