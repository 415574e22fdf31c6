package io.mediagate.provenance;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import io.mediagate.provenance.cose.CoseSign1;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.jumbf.Box;
import io.mediagate.provenance.jumbf.Found;
import io.mediagate.provenance.manifest.Manifest;
import io.mediagate.provenance.manifest.Store;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import java.util.zip.CRC32;

/**
 * What an attacker builds: manifest stores assembled box by box (assertions the claim does or does not list, claims
 * signed with a trusted key over whatever the attacker chose) and PNGs carrying them. For the tests that read hostile
 * files.
 */
final class Forge {
    static final ObjectMapper CBOR = new CBORMapper();
    /** Where a store goes in a PNG: after the signature and the 25-byte IHDR chunk. */
    static final int PNG_AFTER_HEADER = 33;

    private Forge() {
    }

    /** An assertion box: {@code label}, its value as CBOR. */
    static Box.Super assertion(String label, Object value) {
        return new Box.Super(Box.c2paType("cbor"), label, List.of(new Box.Content("cbor", cbor(value))));
    }

    /** The hashed URI of {@code box} at {@code url} (SHA-256 of its payload). */
    static Map<String, Object> hashedUri(String url, Box box) {
        Map<String, Object> uri = new LinkedHashMap<>();
        uri.put("url", url);
        uri.put("hash", Manifest.sha256(box.payload()));
        return uri;
    }

    /**
     * A manifest labelled {@code label}: {@code boxes} in its assertion store, a claim listing {@code listed} (hashed
     * URIs) signed with {@code key}.
     */
    static Box.Super manifest(SigningKey key, String label, List<Box> boxes, List<Map<String, Object>> listed) {
        Map<String, Object> claim = new LinkedHashMap<>();
        claim.put("instanceID", "xmp:iid:" + label);
        claim.put("claim_generator_info", Map.of("name", "Forge", "version", "1"));
        claim.put("signature", "self#jumbf=/c2pa/" + label + "/c2pa.signature");
        claim.put("created_assertions", listed);
        claim.put("alg", "sha256");
        byte[] claimBytes = cbor(claim);
        return new Box.Super(Box.c2paType("c2ma"), label, List.of(
                new Box.Super(Box.c2paType("c2as"), "c2pa.assertions", boxes),
                new Box.Super(Box.c2paType("c2cl"), "c2pa.claim.v2", List.of(new Box.Content("cbor", claimBytes))),
                new Box.Super(Box.c2paType("c2cs"), "c2pa.signature", List.of(new Box.Content("cbor", CoseSign1.sign(key, claimBytes))))));
    }

    /** A manifest store of {@code manifests} (the active one last). */
    static byte[] store(List<? extends Box> manifests) {
        return new Box.Super(Box.c2paType("c2pa"), "c2pa", List.copyOf(manifests)).bytes();
    }

    /** A manifest read back from a store, as a box to put in another, with {@code assertions} in its assertion store. */
    static Box.Super rebuilt(Found manifest, List<Box> assertions) {
        List<Box> parts = new ArrayList<>();
        for (Found part : manifest.children()) {
            String label = part.label().orElseThrow();
            parts.add(label.equals("c2pa.assertions") ? new Box.Super(Box.c2paType("c2as"), label, assertions) : part.asBox());
        }
        return new Box.Super(Box.c2paType("c2ma"), manifest.label().orElseThrow(), parts);
    }

    /** The assertion boxes of a manifest read back from a store, as they are written. */
    static List<Box> assertionsOf(Found manifest) {
        return new ArrayList<>(manifest.child("c2pa.assertions").orElseThrow().children().stream().map(Found::asBox).toList());
    }

    /** The store a PNG carries. */
    static Store storeOf(byte[] png) {
        return new Store(new io.mediagate.provenance.formats.Png().store(png).orElseThrow());
    }

    /** {@code png} without any {@code caBX} chunk, then with {@code store} in one after its header. */
    static byte[] png(byte[] png, byte[] store) {
        byte[] plain = unsigned(png);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(plain, 0, PNG_AFTER_HEADER);
        out.writeBytes(chunk("caBX", store));
        out.write(plain, PNG_AFTER_HEADER, plain.length - PNG_AFTER_HEADER);
        return out.toByteArray();
    }

    /** The bytes a store of {@code length} bytes takes in a PNG (its chunk's length, type and CRC with it). */
    static int pngEmbedded(int length) {
        return length + 12;
    }

    /** {@code png} without its {@code caBX} chunks. */
    static byte[] unsigned(byte[] png) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(png, 0, 8);
        for (int at = 8; at + 8 <= png.length; ) {
            int length = ByteBuffer.wrap(png, at, 4).getInt();
            String type = new String(png, at + 4, 4, StandardCharsets.US_ASCII);
            if (!type.equals("caBX")) {
                out.write(png, at, length + 12);
            }
            at += length + 12;
        }
        return out.toByteArray();
    }

    static byte[] chunk(String type, byte[] data) {
        ByteBuffer chunk = ByteBuffer.allocate(data.length + 12);
        chunk.putInt(data.length).put(type.getBytes(StandardCharsets.US_ASCII)).put(data);
        CRC32 crc = new CRC32();
        crc.update(chunk.array(), 4, data.length + 4);
        chunk.putInt((int) crc.getValue());
        return chunk.array();
    }

    /** A data hash assertion's value: SHA-256 {@code hash}, leaving out {@code exclusions} ({start, length} pairs). */
    static Map<String, Object> dataHash(byte[] hash, long... exclusions) {
        List<Map<String, Object>> ranges = new ArrayList<>();
        for (int i = 0; i < exclusions.length; i += 2) {
            ranges.add(Map.of("start", exclusions[i], "length", exclusions[i + 1]));
        }
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("exclusions", ranges);
        value.put("name", "jumbf manifest");
        value.put("alg", "sha256");
        value.put("hash", hash);
        return value;
    }

    /**
     * A PNG carrying the store {@code build} makes for the length the store will take embedded: built again until that
     * length settles (a length written inside the store changes its size).
     */
    static byte[] pngSettled(byte[] png, IntFunction<byte[]> build) {
        int embedded = 0;
        for (int i = 0; i < 8; i++) {
            byte[] store = build.apply(embedded);
            if (pngEmbedded(store.length) == embedded) {
                return png(png, store);
            }
            embedded = pngEmbedded(store.length);
        }
        throw new IllegalStateException("the store's length did not settle");
    }

    static byte[] cbor(Object value) {
        try {
            return CBOR.writeValueAsBytes(value);
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }
}
