package io.mediagate.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.infra.SigningChain;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.jumbf.Box;
import io.mediagate.provenance.manifest.Ingredient;
import io.mediagate.provenance.manifest.Manifest;
import io.mediagate.provenance.formats.Mp4;
import io.mediagate.provenance.reading.Report;
import io.mediagate.provenance.reading.Trust;
import io.mediagate.provenance.reading.Verifier;
import io.mediagate.testing.TestImages;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What reading a hostile file costs: memory in proportion to the file, not to how often its claim names a box, how
 * large its movie box is or how many paths lead through its ingredients. Measured as the bytes the reading thread
 * allocates (the JVM's own count), so the bounds do not depend on the machine's speed.
 */
class BoundedReadingTest {
    @TempDir
    static Path dir;
    private static SigningKey key;
    private static ContentCredentials credentials;
    private static Verifier verifier;
    private static final ContentCredentials.Generation MADE = new ContentCredentials.Generation("local/pattern:1", "local", "job_b", null);

    @BeforeAll
    static void credential() throws Exception {
        SigningChain.write(dir, "Mediagate test");
        key = SigningKey.read(dir.resolve("c2pa-signing-key.pem"), dir.resolve("c2pa-signing-chain.pem"));
        credentials = new ContentCredentials(key, "1.2.3", false);
        verifier = new Verifier(Trust.of(List.of(dir.resolve("c2pa-ca.pem"))), Clock.systemUTC());
    }

    /** What {@code reading} answers and the bytes this thread allocated for it. */
    private record Measured<T>(T value, long allocated) {}

    private static <T> Measured<T> measured(Callable<T> reading) throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        T value = reading.call();
        return new Measured<>(value, threads.getCurrentThreadAllocatedBytes() - before);
    }

    /** A trusted signer's PNG whose claim lists its one 1 MiB assertion {@code times} times (and its hard binding once). */
    private static byte[] oneBoxNamed(int times) {
        byte[] plain = TestImages.png(16, 16);
        byte[] big = new byte[1 << 20];
        new Random(3).nextBytes(big);
        Box.Super blob = Forge.assertion("io.forge.blob", Map.of("bytes", big));
        return Forge.pngSettled(plain, embedded -> {
            Box.Super binding = Forge.assertion("c2pa.hash.data", Forge.dataHash(Manifest.sha256(Forge.unsigned(plain)), Forge.PNG_AFTER_HEADER, embedded));
            List<Map<String, Object>> listed = new ArrayList<>();
            for (int i = 0; i < times; i++) {
                listed.add(Forge.hashedUri("self#jumbf=c2pa.assertions/io.forge.blob", blob));
            }
            listed.add(Forge.hashedUri("self#jumbf=c2pa.assertions/c2pa.hash.data", binding));
            return Forge.store(List.of(Forge.manifest(key, "urn:c2pa:blob", List.of(blob, binding), listed)));
        });
    }

    @Test
    void aClaimNamingOneLargeBoxThousandsOfTimesCostsWhatTheBoxCosts() throws Exception {
        for (int times : new int[] {900, 2000}) {
            byte[] file = oneBoxNamed(times);
            Measured<Report> read = measured(() -> verifier.read(file, "image/png"));
            assertEquals("Invalid", read.value().state(), times + ": " + read.value().codes("failure"));
            assertTrue(read.value().codes("failure").contains("claim.malformed"), read.value().codes("failure").toString());
            assertTrue(read.allocated() < 20L * file.length, times + " names of a " + file.length + "-byte file's box took "
                    + read.allocated() + " bytes to read");
            assertTrue(read.value().json().toString().length() < 4 * file.length, "the reading's own size stays that of the file");
        }
    }

    @Test
    void anMp4IsHashedFromDiskNeverHeldWhole() throws Exception {
        Path video = dir.resolve("large.mp4");
        try (OutputStream out = Files.newOutputStream(video)) {
            out.write(box("ftyp", "isom\0\0\2\0isomiso2mp41".getBytes(StandardCharsets.US_ASCII)));
            writeZeroBox(out, "moov", 48 << 20);
            writeZeroBox(out, "mdat", 16 << 20);
        }
        byte[] hash = Mp4.hash(video, Set.of("ftyp", "mfra", "free", "skip"), true, "SHA-256");
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("exclusions", List.of(Map.of("xpath", "/uuid", "data", List.of(Map.of("offset", 8,
                "value", java.util.HexFormat.of().parseHex("d8fec3d61b0e483c92975828877ec481")))), Map.of("xpath", "/ftyp"), Map.of("xpath", "/mfra")));
        value.put("alg", "sha256");
        value.put("hash", hash);
        Box.Super binding = Forge.assertion("c2pa.hash.bmff.v3", value);
        Box.Super actions = Forge.assertion("c2pa.actions.v2", Map.of("actions", List.of(Map.of("action", "c2pa.created",
                "digitalSourceType", ContentCredentials.TRAINED_ALGORITHMIC_MEDIA))));
        byte[] store = Forge.store(List.of(Forge.manifest(key, "urn:c2pa:large", List.of(actions, binding), List.of(
                Forge.hashedUri("self#jumbf=c2pa.assertions/c2pa.actions.v2", actions),
                Forge.hashedUri("self#jumbf=c2pa.assertions/c2pa.hash.bmff.v3", binding)))));
        ByteBuffer c2pa = ByteBuffer.allocate(8 + 16 + 4 + 9 + 8 + store.length);
        c2pa.putInt(c2pa.capacity()).put("uuid".getBytes(StandardCharsets.US_ASCII)).put(java.util.HexFormat.of().parseHex("d8fec3d61b0e483c92975828877ec481"))
                .putInt(0).put("manifest\0".getBytes(StandardCharsets.US_ASCII)).putLong(0).put(store);
        Files.write(video, c2pa.array(), StandardOpenOption.APPEND);
        Measured<Report> read = measured(() -> verifier.read(video, "video/mp4"));
        assertEquals("Trusted", read.value().state(), read.value().validationResults().toString());
        assertTrue(read.allocated() < 8L << 20, "a 64 MiB video took " + read.allocated() + " bytes to read");
    }

    private static byte[] box(String type, byte[] payload) {
        return ByteBuffer.allocate(8 + payload.length).putInt(8 + payload.length).put(type.getBytes(StandardCharsets.US_ASCII)).put(payload).array();
    }

    private static void writeZeroBox(OutputStream out, String type, int size) throws IOException {
        out.write(ByteBuffer.allocate(8).putInt(size).put(type.getBytes(StandardCharsets.US_ASCII)).array());
        byte[] zeros = new byte[1 << 20];
        for (int left = size - 8; left > 0; left -= zeros.length) {
            out.write(zeros, 0, Math.min(left, zeros.length));
        }
    }

    /**
     * Twenty generations, each naming the one before as its parent and again as an input: over a million paths through
     * the ingredients, each manifest read once. Forty generations of parents: read 32 deep, then said so, never an error.
     */
    @Test
    void ingredientsAreReadOnceEachAndNoDeeperThanTheLimit() throws Exception {
        byte[] file = credentials.created(TestImages.png(8, 8), "image/png", MADE).orElseThrow();
        for (int generation = 1; generation <= 20; generation++) {
            Ingredient parent = credentials.ingredient(file, "image/png", "generation " + (generation - 1), Ingredient.PARENT_OF);
            file = credentials.derived(TestImages.png(8, 8), "image/png", Derivation.edited(parent, List.of(parent.as(Ingredient.INPUT_TO))), MADE)
                    .orElseThrow();
        }
        byte[] shared = file;
        Measured<Report> read = measured(() -> verifier.read(shared, "image/png"));
        assertEquals("Trusted", read.value().state(), read.value().codes("failure").toString());
        assertTrue(read.allocated() < 64L * shared.length, "a " + shared.length + "-byte file took " + read.allocated() + " bytes to read");

        byte[] deep = credentials.created(TestImages.png(8, 8), "image/png", MADE).orElseThrow();
        for (int generation = 1; generation <= 40; generation++) {
            Ingredient parent = credentials.ingredient(deep, "image/png", "generation " + (generation - 1), Ingredient.PARENT_OF);
            deep = credentials.derived(TestImages.png(8, 8), "image/png", Derivation.converted(parent), MADE).orElseThrow();
        }
        Report tooDeep = verifier.read(deep, "image/png");
        assertEquals("Invalid", tooDeep.state());
    }
}
