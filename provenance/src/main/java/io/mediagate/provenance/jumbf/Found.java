package io.mediagate.provenance.jumbf;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A JUMBF box read back from a file's manifest store: its type and payload; a superbox ({@code jumb}) also gives its
 * label (from its description box) and its boxes. A box is a view of the store's bytes, never a copy: each box is
 * parsed once (its boxes, its label and the index of its boxes by label are kept once read) and each digest of it is
 * computed once, so a hostile store that names the same box a thousand times costs what the box costs, not a thousand
 * copies of it. Nesting deeper than {@value #MAX_DEPTH} and a superbox of more than {@value #MAX_CHILDREN} boxes are
 * refused as malformed, as are two boxes of one superbox under the same label (which of them a URI names would be
 * ambiguous).
 */
public final class Found {
    /** The deepest nesting read: a C2PA store is five levels deep (store, manifest, assertion store, assertion, content). */
    public static final int MAX_DEPTH = 16;
    /** The most boxes in one superbox. */
    public static final int MAX_CHILDREN = 4096;
    private static final int HEADER = 8;
    private final String type;
    private final byte[] source;
    private final int from;
    private final int to;
    private final int depth;
    private List<Found> inside;
    private Description description;
    private Map<String, Found> byLabel;
    private final Map<String, byte[]> digests = new java.util.concurrent.ConcurrentHashMap<>(2);

    private Found(String type, byte[] source, int from, int to, int depth) {
        this.type = type;
        this.source = source;
        this.from = from;
        this.to = to;
        this.depth = depth;
    }

    /** A box of {@code type} holding {@code payload} (a copy is kept). */
    public Found(String type, byte[] payload) {
        this(type, payload.clone(), 0, payload.length, 0);
    }

    /** The boxes laid out one after the other in {@code data}; refused when a size runs out of the data. */
    public static List<Found> boxes(byte[] data) {
        return boxes(data, 0, data.length, 0);
    }

    private static List<Found> boxes(byte[] data, int start, int end, int depth) {
        if (depth > MAX_DEPTH) {
            throw new IllegalArgumentException("JUMBF boxes nested deeper than " + MAX_DEPTH);
        }
        List<Found> found = new ArrayList<>();
        for (int at = start; at < end; ) {
            if (end - at < HEADER) {
                throw new IllegalArgumentException("a JUMBF box header runs out of the data");
            }
            if (found.size() == MAX_CHILDREN) {
                throw new IllegalArgumentException("more than " + MAX_CHILDREN + " JUMBF boxes side by side");
            }
            long size = ByteBuffer.wrap(data, at, 4).getInt() & 0xffffffffL;
            String type = new String(data, at + 4, 4, StandardCharsets.ISO_8859_1);
            int header = HEADER;
            if (size == 1) {
                if (end - at < 16) {
                    throw new IllegalArgumentException("a JUMBF box's long size runs out of the data");
                }
                size = ByteBuffer.wrap(data, at + 8, 8).getLong();
                header = 16;
            } else if (size == 0) {
                size = end - at;
            }
            if (size < header || size > end - at) {
                throw new IllegalArgumentException("a JUMBF box's size is out of range");
            }
            found.add(new Found(type, data, at + header, at + (int) size, depth));
            at += (int) size;
        }
        return found;
    }

    public String type() {
        return type;
    }

    /** A copy of the payload (without the box's own size and type). */
    public byte[] payload() {
        return Arrays.copyOfRange(source, from, to);
    }

    /** The payload's length. */
    public int size() {
        return to - from;
    }

    /** This box as it is written (size, type, payload): a carried manifest keeps its bytes. */
    public Box asBox() {
        return new Box.Content(type, payload());
    }

    /** The digest of the payload by {@code algorithm} (a JDK name: SHA-256, SHA-384, SHA-512), computed once. */
    public byte[] digest(String algorithm) {
        return digests.computeIfAbsent(algorithm, a -> {
            try {
                MessageDigest digest = MessageDigest.getInstance(a);
                digest.update(source, from, to - from);
                return digest.digest();
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalArgumentException("no digest " + a, e);
            }
        }).clone();
    }

    /**
     * The superbox's type, from its description box: 32 lower-case hex digits ({@link Box#c2paType} gives C2PA's), or
     * empty when it is no superbox.
     */
    public Optional<String> uuid() {
        return description().map(Description::uuid);
    }

    /** Whether this is a superbox of C2PA's type {@code fourLetters} ({@code c2ma}, {@code c2cl}, ...). */
    public boolean is(String fourLetters) {
        return uuid().filter(Box.c2paType(fourLetters)::equals).isPresent();
    }

    /** The superbox's label, when it is one and labelled. */
    public Optional<String> label() {
        return description().flatMap(Description::label);
    }

    /** A superbox's description box ({@code jumd}) as read: its type and, when its toggles say so, its label. */
    private record Description(String uuid, Optional<String> label) {}

    /**
     * The description of a superbox, read once: its first box must be a {@code jumd} of a type (16 bytes), toggles
     * (requestable, label, ID, signature; no other bit) and exactly the fields the toggles announce (the label
     * NUL-terminated, a 4-byte ID, a 32-byte signature). Refused as malformed otherwise, as the reference reader does.
     */
    private Optional<Description> description() {
        if (!type.equals("jumb")) {
            return Optional.empty();
        }
        if (description == null) {
            List<Found> boxes = all();
            if (boxes.isEmpty() || !boxes.getFirst().type().equals("jumd") || boxes.getFirst().size() < 17) {
                throw new IllegalArgumentException("a JUMBF superbox without its description box");
            }
            Found box = boxes.getFirst();
            int toggles = box.source[box.from + 16] & 0xff;
            if ((toggles & ~0x0f) != 0) {
                throw new IllegalArgumentException("a JUMBF description with toggles " + toggles + " read here as malformed");
            }
            int at = box.from + 17;
            Optional<String> label = Optional.empty();
            if ((toggles & 2) != 0) {
                int end = at;
                while (end < box.to && box.source[end] != 0) {
                    end++;
                }
                if (end == box.to) {
                    throw new IllegalArgumentException("a JUMBF label without its terminating NUL");
                }
                label = Optional.of(new String(box.source, at, end - at, StandardCharsets.UTF_8));
                at = end + 1;
            }
            at += ((toggles & 4) != 0 ? 4 : 0) + ((toggles & 8) != 0 ? 32 : 0);
            if (at != box.to) {
                throw new IllegalArgumentException("a JUMBF description of another length than its toggles announce");
            }
            description = new Description(java.util.HexFormat.of().formatHex(box.source, box.from, box.from + 16), label);
        }
        return Optional.of(description);
    }

    /** The superbox's boxes after its description. */
    public List<Found> children() {
        List<Found> boxes = all();
        return boxes.isEmpty() ? boxes : boxes.subList(1, boxes.size());
    }

    private List<Found> all() {
        if (inside == null) {
            inside = List.copyOf(boxes(source, from, to, depth + 1));
        }
        return inside;
    }

    /** The child superbox labelled {@code label}; refused when two are. */
    public Optional<Found> child(String childLabel) {
        if (byLabel == null) {
            Map<String, Found> index = new HashMap<>();
            for (Found child : children()) {
                Optional<String> own = child.label();
                if (own.isPresent() && index.putIfAbsent(own.get(), child) != null) {
                    throw new IllegalArgumentException("two JUMBF boxes are labelled " + own.get());
                }
            }
            byLabel = index;
        }
        return Optional.ofNullable(byLabel.get(childLabel));
    }
}
