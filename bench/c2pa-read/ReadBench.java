import io.mediagate.infra.SigningChain;
import io.mediagate.provenance.ContentCredentials;
import io.mediagate.provenance.cose.CoseSign1;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.jumbf.Box;
import io.mediagate.provenance.manifest.Manifest;
import io.mediagate.provenance.reading.Report;
import io.mediagate.provenance.reading.Trust;
import io.mediagate.provenance.reading.Verifier;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The reading half of bench/c2pa-read.sh. {@code ffmpeg ARGS...}: runs the packed ffmpeg.
 * {@code hostile DIR OUT TIMES}: writes the PNG of {@link #hostile}. {@code sign DIR IN OUT MIME}: signs IN into OUT as generated (the key in DIR,
 * written if missing). {@code read DIR FILE MIME RUNS}: reads FILE RUNS times with the provenance classes on the class
 * path (trusting DIR's CA) and prints the state, the median time of a reading, the bytes the reading thread allocated
 * per reading and the process's peak resident memory (VmHWM).
 */
public class ReadBench {
    /**
     * A trusted signer's 16x16 PNG whose claim names one 1 MiB assertion {@code times} times (the hostile file of issue
     * 52): its store built box by box, the claim signed with DIR's key over what it lists.
     */
    static byte[] hostile(Path dir, int times) throws Exception {
        SigningChain.write(dir, "Mediagate bench");
        SigningKey key = SigningKey.read(dir.resolve("c2pa-signing-key.pem"), dir.resolve("c2pa-signing-chain.pem"));
        var cbor = new com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper();
        java.awt.image.BufferedImage image = new java.awt.image.BufferedImage(16, 16, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.io.ByteArrayOutputStream png = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(image, "png", png);
        byte[] plain = png.toByteArray();
        byte[] big = new byte[1 << 20];
        new java.util.Random(3).nextBytes(big);
        Box.Super blob = new Box.Super(Box.c2paType("cbor"), "io.bench.blob", List.of(new Box.Content("cbor", cbor.writeValueAsBytes(java.util.Map.of("bytes", big)))));
        int embedded = 0;
        for (int round = 0; round < 6; round++) {
            var value = new java.util.LinkedHashMap<String, Object>();
            value.put("exclusions", List.of(java.util.Map.of("start", 33, "length", embedded)));
            value.put("alg", "sha256");
            value.put("hash", Manifest.sha256(plain));
            Box.Super binding = new Box.Super(Box.c2paType("cbor"), "c2pa.hash.data", List.of(new Box.Content("cbor", cbor.writeValueAsBytes(value))));
            List<Object> listed = new ArrayList<>();
            for (int i = 0; i < times; i++) {
                listed.add(java.util.Map.of("url", "self#jumbf=c2pa.assertions/io.bench.blob", "hash", Manifest.sha256(blob.payload())));
            }
            listed.add(java.util.Map.of("url", "self#jumbf=c2pa.assertions/c2pa.hash.data", "hash", Manifest.sha256(binding.payload())));
            var claim = new java.util.LinkedHashMap<String, Object>();
            claim.put("instanceID", "xmp:iid:bench");
            claim.put("claim_generator_info", java.util.Map.of("name", "bench", "version", "1"));
            claim.put("signature", "self#jumbf=/c2pa/urn:c2pa:bench/c2pa.signature");
            claim.put("created_assertions", listed);
            claim.put("alg", "sha256");
            byte[] claimBytes = cbor.writeValueAsBytes(claim);
            byte[] store = new Box.Super(Box.c2paType("c2pa"), "c2pa", List.of(new Box.Super(Box.c2paType("c2ma"), "urn:c2pa:bench", List.of(
                    new Box.Super(Box.c2paType("c2as"), "c2pa.assertions", List.of(blob, binding)),
                    new Box.Super(Box.c2paType("c2cl"), "c2pa.claim.v2", List.of(new Box.Content("cbor", claimBytes))),
                    new Box.Super(Box.c2paType("c2cs"), "c2pa.signature", List.of(new Box.Content("cbor", CoseSign1.sign(key, claimBytes)))))))).bytes();
            if (store.length + 12 == embedded) {
                java.nio.ByteBuffer chunk = java.nio.ByteBuffer.allocate(store.length + 12);
                chunk.putInt(store.length).put("caBX".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).put(store);
                java.util.zip.CRC32 crc = new java.util.zip.CRC32();
                crc.update(chunk.array(), 4, store.length + 4);
                chunk.putInt((int) crc.getValue());
                java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
                out.write(plain, 0, 33);
                out.writeBytes(chunk.array());
                out.write(plain, 33, plain.length - 33);
                return out.toByteArray();
            }
            embedded = store.length + 12;
        }
        throw new IllegalStateException("the store's length did not settle");
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("ffmpeg")) { // the suite's packed ffmpeg, run as the suite runs it
            io.mediagate.ffmpeg.Ffmpeg.locate().run(List.of(args).subList(1, args.length), java.time.Duration.ofMinutes(10));
            return;
        }
        Path dir = Path.of(args[1]);
        if (args[0].equals("sign")) {
            SigningChain.write(dir, "Mediagate bench");
            ContentCredentials credentials = new ContentCredentials(SigningKey.read(dir.resolve("c2pa-signing-key.pem"),
                    dir.resolve("c2pa-signing-chain.pem")), "bench", false);
            ContentCredentials.Generation made = new ContentCredentials.Generation("bench/model:1", "bench", "job_bench", null);
            if (args[4].equals("video/mp4")) {
                if (!credentials.created(Path.of(args[2]), Path.of(args[3]), made)) {
                    throw new IllegalStateException("the video was not signed");
                }
            } else {
                Files.write(Path.of(args[3]), credentials.created(Files.readAllBytes(Path.of(args[2])), args[4], made).orElseThrow());
            }
            return;
        }
        if (args[0].equals("hostile")) {
            Files.write(Path.of(args[2]), hostile(dir, Integer.parseInt(args[3])));
            return;
        }
        Path file = Path.of(args[2]);
        String mime = args[3];
        int runs = Integer.parseInt(args[4]);
        Verifier verifier = new Verifier(Trust.of(List.of(dir.resolve("c2pa-ca.pem"))), Clock.systemUTC());
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<Double> millis = new ArrayList<>();
        List<Long> allocated = new ArrayList<>();
        String state = null;
        for (int i = 0; i < runs + 2; i++) { // two warm-up readings
            long bytes = threads.getCurrentThreadAllocatedBytes();
            long start = System.nanoTime();
            Report report = verifier.read(file, mime);
            double took = (System.nanoTime() - start) / 1e6;
            long used = threads.getCurrentThreadAllocatedBytes() - bytes;
            state = report.signed() ? report.state() : "unsigned";
            if (i >= 2) {
                millis.add(took);
                allocated.add(used);
            }
        }
        Collections.sort(millis);
        Collections.sort(allocated);
        String peak = Files.readAllLines(Path.of("/proc/self/status")).stream().filter(l -> l.startsWith("VmHWM"))
                .map(l -> l.replaceAll("[^0-9]", "")).findFirst().orElse("0");
        System.out.printf("%s\t%.1f\t%.1f\t%.0f%n", state, millis.get(millis.size() / 2), allocated.get(allocated.size() / 2) / 1048576.0,
                Long.parseLong(peak) / 1024.0);
    }
}
