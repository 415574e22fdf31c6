package io.mediagate.provenance.formats;

import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.manifest.Manifest;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32;

/**
 * C2PA in PNG: the manifest store in a {@code caBX} chunk right after {@code IHDR}; the data hash covers every byte
 * but that chunk (its length, type, data and CRC), so it is the hash of the file as it was.
 */
public record Png() implements Embedding {
    private static final byte[] SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    private static final int CHUNK_FRAMING = 12;

    @Override
    public String mime() {
        return "image/png";
    }

    @Override
    public boolean is(byte[] file) {
        return file.length > 33 && Arrays.equals(file, 0, 8, SIGNATURE, 0, 8)
                && new String(file, 12, 4, StandardCharsets.US_ASCII).equals("IHDR");
    }

    /** Each {@code caBX} chunk whole within the file: its data, and the chunk (length, type, data, CRC) as its range. */
    @Override
    public List<Located> stores(byte[] png) {
        List<Located> stores = new ArrayList<>();
        for (long at = 8; at + 8 <= png.length; ) {
            int chunk = (int) at;
            long length = ByteBuffer.wrap(png, chunk, 4).getInt() & 0xffffffffL;
            if (new String(png, chunk + 4, 4, StandardCharsets.US_ASCII).equals("caBX") && at + CHUNK_FRAMING + length <= png.length) {
                stores.add(new Located(Arrays.copyOfRange(png, chunk + 8, chunk + 8 + (int) length),
                        List.of(new Located.Range(at, CHUNK_FRAMING + length))));
            }
            at += CHUNK_FRAMING + length;
        }
        return stores;
    }

    @Override
    public byte[] sign(byte[] png, Manifest manifest, SigningKey key) {
        if (!is(png) || carries(png)) {
            throw new IllegalArgumentException(is(png) ? "the PNG carries a C2PA manifest already" : "not a PNG");
        }
        int afterHeader = 8 + CHUNK_FRAMING + ByteBuffer.wrap(png, 8, 4).getInt();
        if (afterHeader > png.length || afterHeader < 8 + CHUNK_FRAMING) {
            throw new IllegalArgumentException("the PNG's header chunk is out of range");
        }
        byte[] hash = Manifest.sha256(png);
        byte[] store = manifest.store(key, Manifest.Binding.data(afterHeader, length -> length + CHUNK_FRAMING, embedded -> hash));
        ByteArrayOutputStream out = new ByteArrayOutputStream(png.length + store.length + CHUNK_FRAMING);
        out.write(png, 0, afterHeader);
        out.writeBytes(chunk("caBX", store));
        out.write(png, afterHeader, png.length - afterHeader);
        return out.toByteArray();
    }

    private static byte[] chunk(String type, byte[] data) {
        ByteBuffer chunk = ByteBuffer.allocate(data.length + CHUNK_FRAMING);
        chunk.putInt(data.length).put(type.getBytes(StandardCharsets.US_ASCII)).put(data);
        CRC32 crc = new CRC32();
        crc.update(chunk.array(), 4, data.length + 4);
        chunk.putInt((int) crc.getValue());
        return chunk.array();
    }
}
