package io.mediagate.infra;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** The few DER encodings (ITU-T X.690) an X.509 certificate is made of. */
final class Der {
    private static final DateTimeFormatter UTC_TIME = DateTimeFormatter.ofPattern("yyMMddHHmmss'Z'").withZone(ZoneOffset.UTC);

    private Der() {
    }

    static byte[] tlv(int tag, byte[]... parts) {
        ByteArrayOutputStream value = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            value.writeBytes(part);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(tag);
        int length = value.size();
        if (length < 0x80) {
            out.write(length);
        } else {
            byte[] digits = BigInteger.valueOf(length).toByteArray();
            int skip = digits[0] == 0 ? 1 : 0;
            out.write(0x80 | (digits.length - skip));
            out.write(digits, skip, digits.length - skip);
        }
        out.writeBytes(value.toByteArray());
        return out.toByteArray();
    }

    static byte[] sequence(byte[]... parts) {
        return tlv(0x30, parts);
    }

    static byte[] set(byte[]... parts) {
        return tlv(0x31, parts);
    }

    static byte[] integer(BigInteger value) {
        return tlv(0x02, value.toByteArray());
    }

    static byte[] bool(boolean value) {
        return tlv(0x01, new byte[] {(byte) (value ? 0xff : 0)});
    }

    static byte[] octets(byte[] value) {
        return tlv(0x04, value);
    }

    /** A BIT STRING of whole bytes, or of {@code unused} fewer bits. */
    static byte[] bits(int unused, byte[] value) {
        return tlv(0x03, new byte[] {(byte) unused}, value);
    }

    static byte[] utf8(String value) {
        return tlv(0x0c, value.getBytes(StandardCharsets.UTF_8));
    }

    static byte[] utcTime(Instant at) {
        return tlv(0x17, UTC_TIME.format(at).getBytes(StandardCharsets.US_ASCII));
    }

    /** [n] EXPLICIT */
    static byte[] explicit(int n, byte[] value) {
        return tlv(0xa0 | n, value);
    }

    /** [n] IMPLICIT of a primitive value's contents */
    static byte[] implicit(int n, byte[] contents) {
        return tlv(0x80 | n, contents);
    }

    static byte[] oid(String dotted) {
        String[] arcs = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        base128(out, Long.parseLong(arcs[0]) * 40 + Long.parseLong(arcs[1]));
        for (int i = 2; i < arcs.length; i++) {
            base128(out, Long.parseLong(arcs[i]));
        }
        return tlv(0x06, out.toByteArray());
    }

    private static void base128(ByteArrayOutputStream out, long value) {
        int groups = Math.max(1, (64 - Long.numberOfLeadingZeros(value) + 6) / 7);
        for (int g = groups - 1; g >= 0; g--) {
            int seven = (int) ((value >>> (7 * g)) & 0x7f);
            out.write(g > 0 ? seven | 0x80 : seven);
        }
    }
}
