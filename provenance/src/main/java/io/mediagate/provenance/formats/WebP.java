package io.mediagate.provenance.formats;

import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.manifest.Manifest;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * C2PA in WebP: the manifest store in a {@code C2PA} chunk appended to the RIFF container (whose size then counts it);
 * the data hash covers every byte but that chunk's header and data: the new RIFF size, and the pad byte after an
 * odd-sized chunk, included.
 */
public record WebP() implements Embedding {
    private static final int CHUNK_HEADER = 8;

    @Override
    public String mime() {
        return "image/webp";
    }

    @Override
    public boolean is(byte[] file) {
        return file.length >= 12 && new String(file, 0, 4, StandardCharsets.US_ASCII).equals("RIFF")
                && new String(file, 8, 4, StandardCharsets.US_ASCII).equals("WEBP");
    }

    /** Each {@code C2PA} chunk whole within the RIFF container: its data, and the chunk's header and data as its range. */
    @Override
    public List<Located> stores(byte[] webp) {
        List<Located> stores = new ArrayList<>();
        long end = Math.min(webp.length, riffEnd(webp));
        for (long at = 12; at + CHUNK_HEADER <= end; ) {
            long size = ByteBuffer.wrap(webp, (int) at + 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xffffffffL;
            if (new String(webp, (int) at, 4, StandardCharsets.US_ASCII).equals("C2PA") && at + CHUNK_HEADER + size <= end) {
                stores.add(new Located(Arrays.copyOfRange(webp, (int) at + CHUNK_HEADER, (int) (at + CHUNK_HEADER + size)),
                        List.of(new Located.Range(at, CHUNK_HEADER + size))));
            }
            at += CHUNK_HEADER + size + (size % 2);
        }
        return stores;
    }

    @Override
    public byte[] sign(byte[] webp, Manifest manifest, SigningKey key) {
        if (!is(webp) || carries(webp)) {
            throw new IllegalArgumentException(is(webp) ? "the WebP carries a C2PA manifest already" : "not a WebP");
        }
        long riffEnd = riffEnd(webp);
        if (riffEnd > webp.length || riffEnd < 12) {
            throw new IllegalArgumentException("the WebP's RIFF size is out of range");
        }
        int end = (int) riffEnd;
        byte[] store = manifest.store(key, Manifest.Binding.data(end, length -> length + CHUNK_HEADER, embedded -> hash(webp, end, embedded)));
        int pad = store.length % 2;
        ByteBuffer out = ByteBuffer.allocate(end + CHUNK_HEADER + store.length + pad).order(ByteOrder.LITTLE_ENDIAN);
        out.put(webp, 0, end);
        out.putInt(4, end + CHUNK_HEADER + store.length + pad - 8);
        out.put("C2PA".getBytes(StandardCharsets.US_ASCII)).putInt(store.length).put(store);
        if (pad == 1) {
            out.put((byte) 0);
        }
        return out.array();
    }

    private static long riffEnd(byte[] webp) {
        return 8 + (ByteBuffer.wrap(webp, 4, 4).order(ByteOrder.LITTLE_ENDIAN).getInt() & 0xffffffffL);
    }

    /** The hash of the file's bytes outside a C2PA chunk of {@code embedded} bytes (its header included) appended at {@code end}. */
    private static byte[] hash(byte[] webp, int end, long embedded) {
        long pad = (embedded - CHUNK_HEADER) % 2;
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            digest.update(webp, 0, 4);
            digest.update(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) (end + embedded + pad - 8)).array());
            digest.update(webp, 8, end - 8);
            if (pad == 1) {
                digest.update((byte) 0);
            }
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
