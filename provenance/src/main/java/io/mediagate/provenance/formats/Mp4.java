package io.mediagate.provenance.formats;

import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.manifest.Manifest;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * C2PA in MP4 (ISO BMFF): the manifest store in a top-level {@code uuid} box of the C2PA type right after {@code ftyp}
 * (purpose {@code manifest}), bound by a {@code c2pa.hash.bmff.v3} hash: every top-level box but {@code ftyp}, the C2PA
 * box, {@code free}, {@code skip} and {@code mfra}, each preceded by its offset in the file (8 bytes, big-endian).
 * Inserting the box moves the media data, so the chunk offsets of every track ({@code stco}, {@code co64}) move with it.
 * Files are read and written as files, the media data streamed: a video is not held in memory. A plain (not
 * fragmented) file is signed; a fragmented one, or one with top-level metadata holding offsets, is refused.
 */
public final class Mp4 {
    static final byte[] C2PA_UUID = {(byte) 0xd8, (byte) 0xfe, (byte) 0xc3, (byte) 0xd6, 0x1b, 0x0e, 0x48, 0x3c,
            (byte) 0x92, (byte) 0x97, 0x58, 0x28, (byte) 0x87, 0x7e, (byte) 0xc4, (byte) 0x81};
    private static final byte[] PURPOSE = "manifest\0".getBytes(StandardCharsets.US_ASCII);
    /** Size, type, extended type, version and flags, purpose, the merkle offset (8 bytes; 0: none). */
    private static final int C2PA_BOX_FRAMING = 8 + 16 + 4 + PURPOSE.length + 8;
    private static final Set<String> UNHASHED = Set.of("ftyp", "free", "skip", "mfra");
    private static final Set<String> PLAIN = Set.of("ftyp", "moov", "mdat", "free", "skip", "wide", "uuid", "udta", "pdin");
    private static final List<String> TO_CHUNK_OFFSETS = List.of("trak", "mdia", "minf", "stbl");
    private static final long MAX_MOOV = 256L << 20;
    /** The largest manifest box read: C2PA stores are kilobytes, and a hostile file's box is not read into memory whole. */
    private static final int MAX_STORE_MIB = 32;
    private static final long MAX_STORE = (long) MAX_STORE_MIB << 20;
    /** The most top-level boxes read: real files have a handful; a hostile one of tiny boxes is refused, not listed. */
    private static final int MAX_TOP_BOXES = 100_000;

    private Mp4() {
    }

    /** A top-level box: its type, where it starts, its whole size and its header's. */
    record TopBox(String type, long offset, long size, int header) {
        boolean c2pa(FileChannel file) throws IOException {
            if (!type.equals("uuid") || size < header + 16) {
                return false; // too short to carry an extended type: not a C2PA box
            }
            ByteBuffer uuid = ByteBuffer.allocate(16);
            file.read(uuid, offset + header);
            return Arrays.equals(uuid.array(), C2PA_UUID);
        }
    }

    /** Whether {@code file} begins as an ISO BMFF file does ({@code ftyp} first). */
    public static boolean is(Path file) {
        try (FileChannel channel = FileChannel.open(file)) {
            List<TopBox> boxes = boxes(channel);
            return !boxes.isEmpty() && boxes.getFirst().type().equals("ftyp");
        } catch (IOException | IllegalArgumentException e) {
            return false;
        }
    }

    /**
     * The manifest store {@code file} carries (the payload of its C2PA {@code manifest} box), when it carries exactly one.
     */
    public static Optional<byte[]> store(Path file) throws IOException {
        List<Located> stores = stores(file);
        return stores.size() == 1 ? Optional.of(stores.getFirst().store()) : Optional.empty();
    }

    /**
     * Every manifest store {@code file} carries: each top-level C2PA {@code uuid} box of purpose {@code manifest}, its
     * payload after the purpose and merkle offset, the box its range. Refused ({@link IllegalArgumentException}) when such
     * a box is too short for its own framing, or longer than {@value #MAX_STORE_MIB} MiB (a hostile file's box is not
     * read into memory).
     */
    public static List<Located> stores(Path file) throws IOException {
        List<Located> stores = new ArrayList<>();
        try (FileChannel channel = FileChannel.open(file)) {
            for (TopBox box : boxes(channel)) {
                if (!box.c2pa(channel)) {
                    continue;
                }
                long skip = box.header() + 16 + 4; // the header, the extended type, the version and flags
                if (box.size() > MAX_STORE || box.size() < skip + 1 + 8) {
                    throw new IllegalArgumentException("a C2PA box of " + box.size() + " bytes cannot be read");
                }
                ByteBuffer rest = ByteBuffer.allocate((int) (box.size() - skip));
                readFully(channel, rest, box.offset() + skip);
                byte[] bytes = rest.array();
                int nul = 0;
                while (nul < bytes.length && bytes[nul] != 0) {
                    nul++;
                }
                String purpose = new String(bytes, 0, nul, StandardCharsets.US_ASCII);
                int data = nul + 1 + 8; // the purpose, its NUL, the merkle offset
                if (purpose.equals("manifest") && data <= bytes.length) {
                    stores.add(new Located(Arrays.copyOfRange(bytes, data, bytes.length), List.of(new Located.Range(box.offset(), box.size()))));
                }
            }
        }
        return stores;
    }

    private static void readFully(FileChannel channel, ByteBuffer buffer, long at) throws IOException {
        while (buffer.hasRemaining()) {
            if (channel.read(buffer, at + buffer.position()) < 0) {
                throw new IllegalArgumentException("the file ended inside a box");
            }
        }
    }

    /**
     * {@code in} signed with {@code manifest} into {@code out}. Refused ({@link IllegalArgumentException}) for a file that
     * is not a plain MP4 or carries a manifest already.
     */
    public static void sign(Path in, Path out, Manifest manifest, SigningKey key) throws IOException {
        try (FileChannel file = FileChannel.open(in)) {
            List<TopBox> boxes = boxes(file);
            if (boxes.isEmpty() || !boxes.getFirst().type().equals("ftyp")) {
                throw new IllegalArgumentException("not an MP4 (no ftyp box first)");
            }
            for (TopBox box : boxes) {
                if (!PLAIN.contains(box.type())) {
                    throw new IllegalArgumentException("an MP4 with a top-level " + box.type() + " box is not signed here");
                }
                if (box.c2pa(file)) {
                    throw new IllegalArgumentException("the MP4 carries a C2PA manifest already");
                }
            }
            List<TopBox> moovs = boxes.stream().filter(b -> b.type().equals("moov")).toList();
            if (moovs.size() != 1 || moovs.getFirst().size() > MAX_MOOV) {
                throw new IllegalArgumentException("an MP4 without one movie box of a readable size");
            }
            TopBox moov = moovs.getFirst();
            ByteBuffer movie = ByteBuffer.allocate((int) moov.size());
            file.read(movie, moov.offset());
            byte[] movieBytes = movie.array();
            long at = boxes.getFirst().offset() + boxes.getFirst().size();
            Manifest.Binding binding = new Manifest.Binding("c2pa.hash.bmff.v3", length -> length + C2PA_BOX_FRAMING,
                    (embedded, hashed) -> hash(hashed ? digest(file, boxes, moov, shifted(movieBytes, moov, embedded), embedded, UNHASHED) : new byte[32]));
            byte[] store = manifest.store(key, binding);
            long shift = store.length + C2PA_BOX_FRAMING;
            try (OutputStream written = Files.newOutputStream(out, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                    StandardOpenOption.WRITE); InputStream source = Files.newInputStream(in)) {
                copy(source, written, at); // ftyp
                written.write(c2paBox(store));
                byte[] moved = shifted(movieBytes, moov, shift);
                for (TopBox box : boxes.subList(1, boxes.size())) {
                    if (box == moov) {
                        written.write(moved);
                        source.skipNBytes(box.size());
                    } else {
                        copy(source, written, box.size());
                    }
                }
            }
        }
    }

    private static Map<String, Object> hash(byte[] hash) {
        Map<String, Object> c2pa = new LinkedHashMap<>();
        c2pa.put("xpath", "/uuid");
        c2pa.put("data", List.of(Map.of("offset", 8, "value", C2PA_UUID)));
        List<Map<String, Object>> exclusions = new ArrayList<>(List.of(c2pa));
        for (String type : List.of("ftyp", "mfra", "free", "skip")) {
            exclusions.add(Map.of("xpath", "/" + type));
        }
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("exclusions", exclusions);
        value.put("alg", "sha256");
        value.put("hash", hash);
        value.put("name", "jumbf manifest");
        return value;
    }

    /**
     * Whether the {@code c2pa.hash.bmff} hash of {@code file} with the exclusions this class writes (a signed file's
     * C2PA box, {@code ftyp}, {@code free}, {@code skip}, {@code mfra}) is {@code expected}.
     */
    public static boolean hashes(Path file, byte[] expected) throws IOException {
        return MessageDigest.isEqual(expected, hash(file, UNHASHED, true, "SHA-256"));
    }

    /**
     * The {@code c2pa.hash.bmff.v3} hash of {@code file} by {@code algorithm}: every top-level box but those of the
     * {@code excluded} types (and, when {@code withoutC2pa}, the C2PA {@code uuid} boxes), each preceded by its offset as 8
     * bytes. Read from the file as it is, 64 KiB at a time: the movie box is never held whole.
     */
    public static byte[] hash(Path file, Set<String> excluded, boolean withoutC2pa, String algorithm) throws IOException {
        try (FileChannel channel = FileChannel.open(file)) {
            MessageDigest digest = MessageDigest.getInstance(algorithm);
            ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
            for (TopBox box : boxes(channel)) {
                if (excluded.contains(box.type()) || (withoutC2pa && box.c2pa(channel))) {
                    continue;
                }
                digest.update(ByteBuffer.allocate(8).putLong(box.offset()).array());
                stream(channel, box, buffer, digest);
            }
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalArgumentException("no digest " + algorithm, e);
        }
    }

    private static void stream(FileChannel file, TopBox box, ByteBuffer buffer, MessageDigest digest) throws IOException {
        for (long at = box.offset(), end = box.offset() + box.size(); at < end; ) {
            buffer.clear().limit((int) Math.min(buffer.capacity(), end - at));
            int read = file.read(buffer, at);
            if (read < 0) {
                throw new IOException("the file ended inside a box");
            }
            digest.update(buffer.array(), 0, read);
            at += read;
        }
    }

    /** The BMFF hash of the file as it will be: each hashed top-level box after {@code ftyp} moved by {@code shift}. */
    private static byte[] digest(FileChannel file, List<TopBox> boxes, TopBox moov, byte[] moved, long shift, Set<String> excluded) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (TopBox box : boxes) {
                if (excluded.contains(box.type()) || box.c2pa(file)) {
                    continue;
                }
                digest.update(ByteBuffer.allocate(8).putLong(box.offset() + shift).array());
                if (box == moov) {
                    digest.update(moved);
                } else {
                    stream(file, box, ByteBuffer.allocate(1 << 16), digest);
                }
            }
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] c2paBox(byte[] store) {
        ByteBuffer box = ByteBuffer.allocate(C2PA_BOX_FRAMING + store.length);
        box.putInt(C2PA_BOX_FRAMING + store.length).put("uuid".getBytes(StandardCharsets.US_ASCII)).put(C2PA_UUID).putInt(0)
                .put(PURPOSE).putLong(0).put(store);
        return box.array();
    }

    /** A copy of the movie box with every track's chunk offsets moved by {@code shift} bytes. */
    static byte[] shifted(byte[] moov, TopBox box, long shift) {
        byte[] moved = moov.clone();
        shiftWithin(ByteBuffer.wrap(moved), box.header(), moved.length, 0, shift);
        return moved;
    }

    private static void shiftWithin(ByteBuffer movie, int from, int to, int depth, long shift) {
        for (int at = from; at + 8 <= to; ) {
            long size = movie.getInt(at) & 0xffffffffL;
            String type = new String(movie.array(), at + 4, 4, StandardCharsets.ISO_8859_1);
            int header = 8;
            if (size == 1) {
                size = movie.getLong(at + 8);
                header = 16;
            } else if (size == 0) {
                size = to - at;
            }
            if (size < header || size > to - at) {
                throw new IllegalArgumentException("a box in the movie box is out of range");
            }
            int end = at + (int) size;
            if (depth < TO_CHUNK_OFFSETS.size() && type.equals(TO_CHUNK_OFFSETS.get(depth))) {
                shiftWithin(movie, at + header, end, depth + 1, shift);
            } else if (depth == TO_CHUNK_OFFSETS.size() && (type.equals("stco") || type.equals("co64"))) {
                boolean wide = type.equals("co64");
                int entries = movie.getInt(at + header + 4);
                int first = at + header + 8;
                if (entries < 0 || first + (long) entries * (wide ? 8 : 4) > end) {
                    throw new IllegalArgumentException("a chunk offset table is out of range");
                }
                for (int i = 0; i < entries; i++) {
                    if (wide) {
                        movie.putLong(first + i * 8, movie.getLong(first + i * 8) + shift);
                    } else {
                        long moved = (movie.getInt(first + i * 4) & 0xffffffffL) + shift;
                        if (moved > 0xffffffffL) {
                            throw new IllegalArgumentException("a chunk offset would pass 4 GiB");
                        }
                        movie.putInt(first + i * 4, (int) moved);
                    }
                }
            }
            at = end;
        }
    }

    /** The file's top-level boxes; refused when one runs out of the file. */
    static List<TopBox> boxes(FileChannel file) throws IOException {
        List<TopBox> boxes = new ArrayList<>();
        long length = file.size();
        for (long at = 0; at < length; ) {
            if (length - at < 8) {
                throw new IllegalArgumentException("a box header runs out of the file");
            }
            ByteBuffer header = ByteBuffer.allocate(16);
            file.read(header, at);
            long size = header.getInt(0) & 0xffffffffL;
            String type = new String(header.array(), 4, 4, StandardCharsets.ISO_8859_1);
            int headerSize = 8;
            if (size == 1) {
                size = header.getLong(8);
                headerSize = 16;
            } else if (size == 0) {
                size = length - at;
            }
            if (size < headerSize || size > length - at) {
                throw new IllegalArgumentException("a top-level " + type + " box is out of the file's range");
            }
            if (boxes.size() == MAX_TOP_BOXES) {
                throw new IllegalArgumentException("more than " + MAX_TOP_BOXES + " top-level boxes");
            }
            boxes.add(new TopBox(type, at, size, headerSize));
            at += size;
        }
        return boxes;
    }

    private static void copy(InputStream in, OutputStream out, long bytes) throws IOException {
        byte[] buffer = new byte[1 << 16];
        for (long left = bytes; left > 0; ) {
            int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (read < 0) {
                throw new IOException("the file ended inside a box");
            }
            out.write(buffer, 0, read);
            left -= read;
        }
    }
}
