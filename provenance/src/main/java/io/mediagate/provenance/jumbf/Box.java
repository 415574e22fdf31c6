package io.mediagate.provenance.jumbf;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

/**
 * A JUMBF box (ISO/IEC 19566-5) as C2PA lays manifests out: a content box ({@code cbor}, {@code json}, ...) or a
 * superbox ({@code jumb}) whose description box ({@code jumd}) gives its type (a UUID) and label, followed by its
 * boxes. Every box is a 4-byte big-endian size (itself included), a 4-byte type and the payload.
 */
public sealed interface Box {
    /** The box's payload, without its own size and type. */
    byte[] payload();

    /** The whole box: size, type, payload. */
    default byte[] bytes() {
        byte[] payload = payload();
        ByteArrayOutputStream out = new ByteArrayOutputStream(payload.length + 8);
        int size = payload.length + 8;
        out.write(size >>> 24);
        out.write(size >>> 16);
        out.write(size >>> 8);
        out.write(size);
        out.writeBytes(type().getBytes(StandardCharsets.US_ASCII));
        out.writeBytes(payload);
        return out.toByteArray();
    }

    String type();

    /** A box holding bytes as they are: {@code cbor} (a CBOR item), {@code json}, ... */
    record Content(String type, byte[] payload) implements Box {}

    /**
     * A {@code jumb} superbox: its description (type UUID as 32 hex digits, toggles 3 = requestable and labelled,
     * the label NUL-terminated) and its boxes.
     */
    record Super(String uuid, String label, List<Box> boxes) implements Box {
        @Override
        public String type() {
            return "jumb";
        }

        @Override
        public byte[] payload() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(new Content("jumd", description()).bytes());
            for (Box box : boxes) {
                out.writeBytes(box.bytes());
            }
            return out.toByteArray();
        }

        private byte[] description() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            out.writeBytes(HexFormat.of().parseHex(uuid));
            out.write(3);
            out.writeBytes(label.getBytes(StandardCharsets.UTF_8));
            out.write(0);
            return out.toByteArray();
        }
    }

    /** The C2PA types of superboxes: the type's four letters followed by the ISO suffix. */
    static String c2paType(String fourLetters) {
        return HexFormat.of().formatHex(fourLetters.getBytes(StandardCharsets.US_ASCII)) + "00110010800000aa00389b71";
    }
}
