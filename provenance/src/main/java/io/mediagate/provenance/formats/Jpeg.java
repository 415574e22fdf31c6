package io.mediagate.provenance.formats;

import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.manifest.Manifest;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * C2PA in JPEG: the manifest store in APP11 segments (JPEG XT boxes, ISO/IEC 19566-5): each carries {@code JP}, the
 * box instance, its sequence number from 1 and at most 64,000 bytes of the store, every segment after the first
 * repeating the store's first 8 bytes (its box size and type). They go after the APP0 (JFIF) segments that follow
 * SOI, or right after SOI; the data hash covers every byte but them, so it is the hash of the file as it was.
 */
public record Jpeg() implements Embedding {
    private static final int APP0 = 0xe0;
    private static final int APP11 = 0xeb;
    private static final int SOS = 0xda;
    private static final int PART = 64_000;
    private static final int SEGMENT_FRAMING = 2 + 2 + 2 + 2 + 4; // marker, length, CI, En, Z

    @Override
    public String mime() {
        return "image/jpeg";
    }

    @Override
    public boolean is(byte[] file) {
        return file.length > 4 && (file[0] & 0xff) == 0xff && (file[1] & 0xff) == 0xd8 && (file[2] & 0xff) == 0xff;
    }

    /** Any JUMBF already there (a C2PA store or other): a store is not added beside it. */
    @Override
    public boolean carries(byte[] jpeg) {
        return segments(jpeg).jumbf();
    }

    /**
     * Each C2PA store in the JPEG's APP11 JUMBF segments: the segments of one box instance ({@code En}) whose first box
     * is a C2PA superbox, put back together in sequence order (every sequence number from 1 once), the segments' ranges
     * its range. Other JUMBF (JPEG 360, privacy) is not a store.
     */
    @Override
    public List<Located> stores(byte[] jpeg) {
        if (!is(jpeg)) {
            return List.of();
        }
        Map<Integer, Map<Integer, int[]>> instances = new TreeMap<>();
        for (int at = 2; at + 4 <= jpeg.length && (jpeg[at] & 0xff) == 0xff; ) {
            int marker = jpeg[at + 1] & 0xff;
            int length = ((jpeg[at + 2] & 0xff) << 8) | (jpeg[at + 3] & 0xff);
            if (marker == SOS || length < 2 || at + 2 + length > jpeg.length) {
                break;
            }
            if (marker == APP11 && length >= SEGMENT_FRAMING - 2 && jpeg[at + 4] == 'J' && jpeg[at + 5] == 'P') {
                int en = ((jpeg[at + 6] & 0xff) << 8) | (jpeg[at + 7] & 0xff);
                int sequence = ByteBuffer.wrap(jpeg, at + 8, 4).getInt();
                if (instances.computeIfAbsent(en, e -> new TreeMap<>()).put(sequence, new int[] {at, at + 2 + length}) != null) {
                    throw new IllegalArgumentException("two APP11 segments of one JUMBF box have sequence number " + sequence);
                }
            }
            at += 2 + length;
        }
        List<Located> stores = new ArrayList<>();
        for (Map<Integer, int[]> segments : instances.values()) {
            int[] first = segments.get(1);
            if (first == null || !c2pa(jpeg, first[0] + SEGMENT_FRAMING, first[1])) {
                continue;
            }
            ByteArrayOutputStream store = new ByteArrayOutputStream();
            List<Located.Range> ranges = new ArrayList<>();
            int expected = 1;
            for (Map.Entry<Integer, int[]> segment : segments.entrySet()) {
                if (segment.getKey() != expected++) {
                    throw new IllegalArgumentException("the APP11 segments of a C2PA store skip a sequence number");
                }
                int from = segment.getValue()[0] + SEGMENT_FRAMING + (segment.getKey() > 1 ? 8 : 0);
                if (from > segment.getValue()[1]) {
                    throw new IllegalArgumentException("an APP11 segment is shorter than its framing");
                }
                store.write(jpeg, from, segment.getValue()[1] - from);
                ranges.add(new Located.Range(segment.getValue()[0], segment.getValue()[1] - segment.getValue()[0]));
            }
            stores.add(new Located(store.toByteArray(), ranges));
        }
        return stores;
    }

    /** Whether the JUMBF at {@code from} is a superbox whose description's type is C2PA's ({@code c2pa...}). */
    private static boolean c2pa(byte[] jpeg, int from, int end) {
        return end - from >= 8 + 8 + 16 && jpeg[from + 4] == 'j' && jpeg[from + 5] == 'u' && jpeg[from + 6] == 'm' && jpeg[from + 7] == 'b'
                && jpeg[from + 16] == 'c' && jpeg[from + 17] == '2' && jpeg[from + 18] == 'p' && jpeg[from + 19] == 'a';
    }

    @Override
    public byte[] sign(byte[] jpeg, Manifest manifest, SigningKey key) {
        if (!is(jpeg)) {
            throw new IllegalArgumentException("not a JPEG");
        }
        Segments segments = segments(jpeg);
        if (segments.jumbf()) {
            throw new IllegalArgumentException("the JPEG carries JUMBF (a C2PA manifest) already");
        }
        int at = segments.insertion();
        byte[] hash = Manifest.sha256(jpeg);
        byte[] store = manifest.store(key, Manifest.Binding.data(at, Jpeg::embedded, embedded -> hash));
        ByteArrayOutputStream out = new ByteArrayOutputStream(jpeg.length + (int) embedded(store.length));
        out.write(jpeg, 0, at);
        for (int offset = 0, sequence = 1; offset < store.length; offset += PART, sequence++) {
            int part = Math.min(PART, store.length - offset);
            int length = SEGMENT_FRAMING - 2 + (sequence > 1 ? 8 : 0) + part;
            out.writeBytes(new byte[] {(byte) 0xff, (byte) APP11, (byte) (length >>> 8), (byte) length, 'J', 'P', 0x02, 0x11});
            out.writeBytes(new byte[] {(byte) (sequence >>> 24), (byte) (sequence >>> 16), (byte) (sequence >>> 8), (byte) sequence});
            if (sequence > 1) {
                out.write(store, 0, 8);
            }
            out.write(store, offset, part);
        }
        out.write(jpeg, at, jpeg.length - at);
        return out.toByteArray();
    }

    /** The bytes the APP11 segments of a store of {@code length} bytes take. */
    static long embedded(int length) {
        int segments = (length + PART - 1) / PART;
        return length + (long) segments * SEGMENT_FRAMING + (segments - 1) * 8L;
    }

    /** Where the store goes, and whether the file has JUMBF APP11 segments already. */
    private record Segments(int insertion, boolean jumbf) {}

    /** The segments before the image data (SOS). */
    private static Segments segments(byte[] jpeg) {
        int at = 2;
        int insertion = 2;
        boolean jumbf = false;
        while (at + 4 <= jpeg.length && (jpeg[at] & 0xff) == 0xff) {
            int marker = jpeg[at + 1] & 0xff;
            if (marker == SOS) {
                return new Segments(insertion, jumbf);
            }
            int length = ((jpeg[at + 2] & 0xff) << 8) | (jpeg[at + 3] & 0xff);
            if (length < 2 || at + 2 + length > jpeg.length) {
                throw new IllegalArgumentException("a JPEG segment's length is out of range");
            }
            jumbf |= marker == APP11 && length >= 4 && jpeg[at + 4] == 'J' && jpeg[at + 5] == 'P';
            if (marker == APP0 && insertion == at) {
                insertion = at + 2 + length;
            }
            at += 2 + length;
        }
        throw new IllegalArgumentException("a JPEG without image data");
    }
}
