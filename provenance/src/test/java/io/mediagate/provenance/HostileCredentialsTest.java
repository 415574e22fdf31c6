package io.mediagate.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.infra.SigningChain;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.formats.Mp4;
import io.mediagate.provenance.jumbf.Box;
import io.mediagate.provenance.jumbf.Found;
import io.mediagate.provenance.manifest.Ingredient;
import io.mediagate.provenance.manifest.Manifest;
import io.mediagate.provenance.manifest.Store;
import io.mediagate.provenance.reading.Report;
import io.mediagate.provenance.reading.Trust;
import io.mediagate.provenance.reading.Verifier;
import io.mediagate.testing.C2paReference;
import io.mediagate.testing.TestImages;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files built as an attacker builds them, read here and by the C2PA reference implementation (c2pa-rs): an assertion box
 * the claim does not list ahead of the real hard binding, a data hash leaving out pixels, two boxes under one label,
 * boxes reordered, a claim naming another manifest's assertion, ingredients naming each other, two stores in one file,
 * a BMFF hash leaving out the media data, C2PA boxes too short for their framing, files cut short and bytes changed at
 * random in PNG, JPEG, WebP and MP4. The reading here is never an error and never more trusting than the reference's
 * (Trusted above Valid above Invalid or unsigned); the attacks that used to read Trusted read Invalid.
 */
class HostileCredentialsTest {
    @TempDir
    static Path dir;
    private static SigningKey key;
    private static ContentCredentials credentials;
    private static Verifier verifier;
    private static Ffmpeg ffmpeg;
    private static final ContentCredentials.Generation MADE = new ContentCredentials.Generation("local/pattern:1", "local", "job_h", null);
    private static final List<String> STATES = List.of("Trusted", "Valid");
    /** Random changes per image format (half as many for MP4); {@code -Dmediagate.mutations=2000} for a longer search. */
    private static final int MUTATIONS = Integer.getInteger("mediagate.mutations", 40);

    @BeforeAll
    static void credential() throws Exception {
        SigningChain.write(dir, "Mediagate test");
        key = SigningKey.read(dir.resolve("c2pa-signing-key.pem"), dir.resolve("c2pa-signing-chain.pem"));
        credentials = new ContentCredentials(key, "1.2.3", false);
        verifier = new Verifier(Trust.of(List.of(dir.resolve("c2pa-ca.pem"))), Clock.systemUTC());
        ffmpeg = Ffmpeg.locate();
    }

    /** A file to read, what it is, and the state it must not reach here (null: only the differential bound holds). */
    private record Case(String name, byte[] bytes, String mime, String notExpected) {}

    /** How much a reading trusts: Trusted 2, Valid 1, anything else (Invalid, unsigned, unreadable) 0. */
    private static int rank(String state) {
        return STATES.size() - (STATES.contains(state) ? STATES.indexOf(state) : STATES.size());
    }

    private static int rank(Report report) {
        return report.signed() ? rank(report.state()) : 0;
    }

    private static int rank(C2paReference.Reading reading) {
        return reading.error().isPresent() ? 0 : rank(reading.state());
    }

    /** Reads every case here and with the reference: never an error, never more trusting, and as each case demands. */
    private static List<Report> differential(List<Case> cases) throws Exception {
        List<C2paReference.Reading> theirs = C2paReference.readAll(cases.stream().map(c -> new C2paReference.File(c.bytes(), c.mime()))
                .toList(), Optional.of(dir.resolve("c2pa-ca.pem")));
        List<Report> mine = new ArrayList<>();
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            Report report = c.mime().equals("video/mp4") ? verifier.read(Files.write(dir.resolve("case.mp4"), c.bytes()), c.mime())
                    : verifier.read(c.bytes(), c.mime());
            mine.add(report);
            if (rank(report) > rank(theirs.get(i))) { // kept for a look at what the reference read differently
                Files.write(Path.of(System.getProperty("java.io.tmpdir"), "c2pa-divergent-" + i + "." + c.mime().substring(c.mime().indexOf('/') + 1)),
                        c.bytes());
            }
            assertTrue(rank(report) <= rank(theirs.get(i)), c.name() + ": read " + report.state() + " here, by the reference "
                    + theirs.get(i).error().orElse(theirs.get(i).state() + " " + theirs.get(i).codes("failure")) + "; here "
                    + report.validationResults());
            if (c.notExpected() != null) {
                assertNotEquals(c.notExpected(), report.state(), c.name() + ": " + report.validationResults());
            }
        }
        return mine;
    }

    @Test
    void attacksOnTheStoreReadInvalidHereAndNeverMoreTrustedThanByTheReference() throws Exception {
        byte[] plain = TestImages.png(40, 30);
        byte[] signed = credentials.created(plain, "image/png", MADE).orElseThrow();
        byte[] otherPixels = TestImages.pngOf(40, 30, 0xff20c040);
        Store store = Forge.storeOf(signed);
        Found active = store.active();
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("as signed", signed, "image/png", null));
        cases.add(new Case("an unlisted hard binding ahead of the listed one, over other pixels", Forge.pngSettled(otherPixels, embedded -> {
            List<Box> boxes = Forge.assertionsOf(active);
            boxes.addFirst(Forge.assertion("c2pa.hash.data__1", Forge.dataHash(Manifest.sha256(Forge.unsigned(otherPixels)),
                    Forge.PNG_AFTER_HEADER, embedded)));
            return Forge.store(List.of(Forge.rebuilt(active, boxes)));
        }), "image/png", "Trusted"));
        cases.add(new Case("a second box labelled c2pa.hash.data ahead of the real one", Forge.pngSettled(otherPixels, embedded -> {
            List<Box> boxes = Forge.assertionsOf(active);
            boxes.addFirst(Forge.assertion("c2pa.hash.data", Forge.dataHash(Manifest.sha256(Forge.unsigned(otherPixels)),
                    Forge.PNG_AFTER_HEADER, embedded)));
            return Forge.store(List.of(Forge.rebuilt(active, boxes)));
        }), "image/png", "Trusted"));
        List<Box> reversed = Forge.assertionsOf(active);
        Collections.reverse(reversed);
        cases.add(new Case("the assertions in reverse order", Forge.png(plain, Forge.store(List.of(Forge.rebuilt(active, reversed)))),
                "image/png", null));
        cases.add(new Case("pixels changed where a trusted signer's data hash leaves them out", pixelsExcluded(plain), "image/png", "Trusted"));
        cases.add(new Case("a claim listing an assertion of another manifest", outsideManifest(plain), "image/png", "Trusted"));
        cases.add(new Case("two manifests naming each other as ingredients", loop(plain), "image/png", "Trusted"));
        cases.add(new Case("two stores in one file", twoStores(signed), "image/png", "Trusted"));
        cases.add(new Case("an undeclared assertion beside the listed ones", Forge.pngSettled(plain, embedded -> {
            List<Box> boxes = Forge.assertionsOf(active);
            boxes.add(Forge.assertion("c2pa.actions.v2__1", Map.of("actions", List.of(Map.of("action", "c2pa.published")))));
            return Forge.store(List.of(Forge.rebuilt(active, boxes)));
        }), "image/png", "Trusted"));
        List<Report> reports = differential(cases);
        assertEquals("Trusted", reports.get(0).state(), "the file as signed");
        assertTrue(reports.get(1).codes("failure").contains("assertion.undeclared"), reports.get(1).validationResults().toString());
        assertTrue(reports.get(1).codes("failure").contains("assertion.dataHash.mismatch"), reports.get(1).validationResults().toString());
        assertEquals("Trusted", reports.get(3).state(), "order is not part of what is signed");
        assertTrue(reports.get(4).codes("failure").contains("assertion.dataHash.mismatch"), reports.get(4).validationResults().toString());
        assertTrue(reports.get(5).codes("failure").contains("assertion.outsideManifest"), reports.get(5).validationResults().toString());
        assertFalse(reports.get(7).signed(), "a file with two stores has none that counts");
        assertTrue(reports.get(8).codes("failure").contains("assertion.undeclared"), reports.get(8).validationResults().toString());
    }

    /** A trusted signer's PNG whose data hash also leaves out some of the image data, which is then changed. */
    private static byte[] pixelsExcluded(byte[] plain) {
        int idat = indexOf(plain, "IDAT".getBytes(StandardCharsets.US_ASCII)) + 4;
        byte[] hashed = new byte[plain.length - 8];
        System.arraycopy(plain, 0, hashed, 0, idat);
        System.arraycopy(plain, idat + 8, hashed, idat, plain.length - idat - 8);
        byte[] hash = Manifest.sha256(hashed);
        Manifest manifest = new Manifest("Mediagate", "test").add("c2pa.actions.v2", Map.of("actions", List.of(Map.of("action", "c2pa.created",
                "digitalSourceType", ContentCredentials.TRAINED_ALGORITHMIC_MEDIA))));
        byte[] store = manifest.store(key, new Manifest.Binding("c2pa.hash.data", Forge::pngEmbedded, (embedded, real) ->
                Forge.dataHash(real ? hash : new byte[32], Forge.PNG_AFTER_HEADER, embedded, idat + embedded, 8)));
        byte[] file = Forge.png(plain, store);
        file[idat + Forge.pngEmbedded(Forge.storeOf(file).bytes().length) + 3] ^= 0x40;
        return file;
    }

    /** A forged manifest whose claim lists, beside its own hard binding, the actions of the parent manifest in its store. */
    private static byte[] outsideManifest(byte[] plain) {
        Store parent = Forge.storeOf(credentials.created(TestImages.png(20, 20), "image/png", MADE).orElseThrow());
        String parentLabel = parent.label();
        Box parentActions = parent.active().child("c2pa.assertions").orElseThrow().child("c2pa.actions.v2").orElseThrow().asBox();
        return Forge.pngSettled(plain, embedded -> {
            Box.Super binding = Forge.assertion("c2pa.hash.data", Forge.dataHash(Manifest.sha256(Forge.unsigned(plain)), Forge.PNG_AFTER_HEADER, embedded));
            Box.Super forged = Forge.manifest(key, "urn:c2pa:forged", List.of(binding), List.of(
                    Forge.hashedUri("self#jumbf=/c2pa/" + parentLabel + "/c2pa.assertions/c2pa.actions.v2", parentActions),
                    Forge.hashedUri("self#jumbf=c2pa.assertions/c2pa.hash.data", binding)));
            return Forge.store(List.of(parent.active().asBox(), forged));
        });
    }

    /** Manifest A (active) names B as its parent, and B names A: whichever hash cannot be right is wrong, nothing loops. */
    private static byte[] loop(byte[] plain) {
        return Forge.pngSettled(plain, embedded -> {
            Map<String, Object> toA = ingredientNaming("urn:c2pa:a", new byte[32]);
            Box.Super bIngredient = Forge.assertion("c2pa.ingredient.v3", toA);
            Box.Super b = Forge.manifest(key, "urn:c2pa:b", List.of(bIngredient),
                    List.of(Forge.hashedUri("self#jumbf=c2pa.assertions/c2pa.ingredient.v3", bIngredient)));
            Box.Super aIngredient = Forge.assertion("c2pa.ingredient.v3", ingredientNaming("urn:c2pa:b", Manifest.sha256(b.payload())));
            Box.Super binding = Forge.assertion("c2pa.hash.data", Forge.dataHash(Manifest.sha256(Forge.unsigned(plain)), Forge.PNG_AFTER_HEADER, embedded));
            Box.Super a = Forge.manifest(key, "urn:c2pa:a", List.of(aIngredient, binding), List.of(
                    Forge.hashedUri("self#jumbf=c2pa.assertions/c2pa.ingredient.v3", aIngredient),
                    Forge.hashedUri("self#jumbf=c2pa.assertions/c2pa.hash.data", binding)));
            return Forge.store(List.of(b, a));
        });
    }

    private static Map<String, Object> ingredientNaming(String label, byte[] hash) {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("relationship", "parentOf");
        value.put("dc:title", label);
        value.put("dc:format", "image/png");
        value.put("validationResults", Map.of("activeManifest", Map.of("success", List.of(), "informational", List.of(), "failure", List.of())));
        value.put("activeManifest", Map.of("url", "self#jumbf=/c2pa/" + label, "hash", hash));
        return value;
    }

    /** {@code signed} with its store's chunk twice. */
    private static byte[] twoStores(byte[] signed) {
        byte[] chunk = Forge.chunk("caBX", Forge.storeOf(signed).bytes());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(signed, 0, signed.length - 12); // before IEND
        out.writeBytes(chunk);
        out.write(signed, signed.length - 12, 12);
        return out.toByteArray();
    }

    @Test
    void mp4AttacksReadInvalidHereAndNeverMoreTrustedThanByTheReference() throws Exception {
        Path clip = dir.resolve("clip.mp4");
        ffmpeg.run(List.of("-v", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=64x36:rate=12:duration=1", "-c:v", "libx264",
                "-pix_fmt", "yuv420p", "-movflags", "+faststart", clip.toString()), Duration.ofMinutes(1));
        Path signed = dir.resolve("signed.mp4");
        assertTrue(credentials.created(clip, signed, MADE));
        byte[] video = Files.readAllBytes(signed);
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("as signed", video, "video/mp4", null));
        byte[] forgedParent = mdatExcluded(video);
        cases.add(new Case("media data changed, an unlisted BMFF hash leaving out mdat", forgedParent, "video/mp4", "Trusted"));
        // a caller's source video carrying forged credentials, and the video made from it (an upscale names it as its parent)
        Path parent = Files.write(dir.resolve("forged-parent.mp4"), forgedParent);
        Path made = dir.resolve("made-from-forged.mp4");
        assertTrue(credentials.derived(clip, made, Derivation.resized(credentials.ingredient(parent, "video/mp4", "med_forged",
                Ingredient.PARENT_OF)), MADE));
        cases.add(new Case("made from a source video whose credentials are forged", Files.readAllBytes(made), "video/mp4", null));
        long[] c2pa = topBox(video, "uuid");
        for (int size = 24; size <= 44; size++) { // the header and extended type, and less than its version, purpose and offset
            ByteArrayOutputStream shortBox = new ByteArrayOutputStream();
            shortBox.write(video, 0, (int) c2pa[0]);
            shortBox.write(video, (int) c2pa[0], size);
            shortBox.write(video, (int) (c2pa[0] + c2pa[1]), (int) (video.length - c2pa[0] - c2pa[1]));
            byte[] file = shortBox.toByteArray();
            ByteBuffer.wrap(file).putInt((int) c2pa[0], size);
            cases.add(new Case("a C2PA box of " + size + " bytes", file, "video/mp4", "Trusted"));
        }
        for (int cut : new int[] {(int) c2pa[0] + 20, (int) (c2pa[0] + c2pa[1] / 2), (int) (c2pa[0] + c2pa[1]), video.length - 100}) {
            cases.add(new Case("cut at " + cut, Arrays.copyOf(video, cut), "video/mp4", "Trusted"));
        }
        Random random = new Random(11);
        for (int i = 0; i < MUTATIONS / 2; i++) {
            byte[] changed = video.clone();
            int at = (int) c2pa[0] + random.nextInt((int) c2pa[1] + 64);
            changed[at] = (byte) random.nextInt(256);
            cases.add(new Case("mp4 mutation " + i + " at " + at + " (C2PA box " + c2pa[0] + "+" + c2pa[1] + ")", changed, "video/mp4", null));
        }
        List<Report> reports = differential(cases);
        assertEquals("Trusted", reports.get(0).state());
        assertTrue(reports.get(1).codes("failure").contains("assertion.undeclared"), reports.get(1).validationResults().toString());
        assertTrue(reports.get(1).codes("failure").contains("assertion.bmffHash.mismatch"), reports.get(1).validationResults().toString());
    }

    /**
     * The signed video with a byte of its media data changed, its C2PA box turned into a {@code free} box of the same
     * size and a new one appended whose store holds, ahead of the listed binding, a BMFF hash leaving out {@code mdat}.
     */
    private static byte[] mdatExcluded(byte[] video) throws Exception {
        byte[] file = video.clone();
        long[] c2pa = topBox(file, "uuid");
        long[] mdat = topBox(file, "mdat");
        System.arraycopy("free".getBytes(StandardCharsets.US_ASCII), 0, file, (int) c2pa[0] + 4, 4);
        file[(int) (mdat[0] + mdat[1] / 2)] ^= 0x10;
        Path moved = Files.write(dir.resolve("moved.mp4"), file);
        byte[] hash = Mp4.hash(moved, Set.of("ftyp", "mfra", "free", "skip", "mdat"), true, "SHA-256");
        Store store = new Store(Mp4.store(dir.resolve("signed.mp4")).orElseThrow());
        Found active = store.active();
        List<Box> boxes = Forge.assertionsOf(active);
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("exclusions", List.of(Map.of("xpath", "/uuid", "data", List.of(Map.of("offset", 8, "value", c2paUuid()))),
                Map.of("xpath", "/ftyp"), Map.of("xpath", "/mdat"), Map.of("xpath", "/free")));
        value.put("alg", "sha256");
        value.put("hash", hash);
        boxes.addFirst(Forge.assertion("c2pa.hash.bmff.v3__1", value));
        byte[] forged = Forge.store(List.of(Forge.rebuilt(active, boxes)));
        ByteBuffer box = ByteBuffer.allocate(8 + 16 + 4 + 9 + 8 + forged.length);
        box.putInt(box.capacity()).put("uuid".getBytes(StandardCharsets.US_ASCII)).put(c2paUuid()).putInt(0)
                .put("manifest\0".getBytes(StandardCharsets.US_ASCII)).putLong(0).put(forged);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(file);
        out.writeBytes(box.array());
        return out.toByteArray();
    }

    private static byte[] c2paUuid() {
        return java.util.HexFormat.of().parseHex("d8fec3d61b0e483c92975828877ec481");
    }

    /** The offset and size of the first top-level box of {@code type}. */
    private static long[] topBox(byte[] mp4, String type) {
        for (long at = 0; at + 8 <= mp4.length; ) {
            long size = ByteBuffer.wrap(mp4, (int) at, 4).getInt() & 0xffffffffL;
            if (new String(mp4, (int) at + 4, 4, StandardCharsets.US_ASCII).equals(type)) {
                return new long[] {at, size};
            }
            at += size;
        }
        throw new AssertionError("no " + type + " box");
    }

    @Test
    void imagesChangedAtRandomAndCutShortReadNoMoreTrustedThanByTheReference() throws Exception {
        Random random = new Random(5);
        List<Case> cases = new ArrayList<>();
        for (var image : Map.of("image/png", TestImages.png(24, 24), "image/jpeg", TestImages.jpeg(24, 24),
                "image/webp", TestImages.webp(24, 24, 0xff0000ff)).entrySet()) {
            byte[] signed = credentials.created(image.getValue(), image.getKey(), MADE).orElseThrow();
            int store = Math.max(0, indexOf(signed, "jumb".getBytes(StandardCharsets.US_ASCII)) - 8);
            for (int i = 0; i < MUTATIONS; i++) {
                byte[] changed = signed.clone();
                StringBuilder where = new StringBuilder();
                for (int n = 1 + random.nextInt(3); n > 0; n--) {
                    int at = i % 2 == 0 ? random.nextInt(changed.length) : store + random.nextInt(Math.min(4000, changed.length - store));
                    changed[at] = (byte) random.nextInt(256);
                    where.append(' ').append(at);
                }
                cases.add(new Case(image.getKey() + " mutation " + i + " at" + where + " of " + changed.length + " (store from " + store + ")",
                        changed, image.getKey(), null));
            }
            for (int cut : new int[] {store + 10, store + 200, signed.length / 2, signed.length - 1}) {
                cases.add(new Case(image.getKey() + " cut at " + cut, Arrays.copyOf(signed, cut), image.getKey(), "Trusted"));
            }
        }
        differential(cases);
    }

    private static int indexOf(byte[] in, byte[] what) {
        for (int i = 0; i + what.length <= in.length; i++) {
            if (Arrays.equals(in, i, i + what.length, what, 0, what.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }
}
