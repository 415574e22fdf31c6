package io.mediagate.provenance.manifest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import io.mediagate.provenance.cose.CoseSign1;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.jumbf.Box;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.IntToLongFunction;
import java.util.function.LongFunction;

/**
 * One C2PA manifest (claim version 2) and the manifest store that carries it: the assertions (CBOR), the claim that
 * lists them by hashed URI, and the claim's COSE signature, as the JUMBF boxes a file embeds. The hard binding (the
 * data hash of the file's bytes outside the store) is the format's part ({@link #store}).
 */
public final class Manifest {
    private static final ObjectMapper CBOR = new CBORMapper();
    private static final String ASSERTIONS = "c2pa.assertions";
    private final String label = "urn:c2pa:" + UUID.randomUUID();
    private final String instance = "xmp:iid:" + UUID.randomUUID();
    private final Map<String, Object> generator;
    private final List<Assertion> assertions = new ArrayList<>();

    /** An assertion: its label and its CBOR value. */
    public record Assertion(String label, Object value) {}

    /** {@code generator} and {@code version} name the claim generator (this software). */
    public Manifest(String generator, String version) {
        this.generator = Map.of("name", generator, "version", version);
    }

    public Manifest add(String assertionLabel, Object value) {
        assertions.add(new Assertion(assertionLabel, value));
        return this;
    }

    /**
     * How a format binds a manifest store to its file (the hard binding, {@code c2pa.hash.data}): where the store is
     * embedded, how many bytes the embedding of a store of a given length takes (the store and the format's headers
     * around it: the one range the data hash leaves out), and the SHA-256 of the file's other bytes once it is in.
     */
    public record Binding(long start, IntToLongFunction embedded, LongFunction<byte[]> hash) {}

    /** The signed manifest store, bound to its file by {@code binding}. */
    public byte[] store(SigningKey key, Binding binding) {
        int coseSize = CoseSign1.size(key);
        long length = 0;
        for (int i = 0; i < 6; i++) { // the exclusion's length is inside the store: settles in two or three turns
            Map<String, Object> dataHash = dataHash(binding.start(), length, binding.hash().apply(length));
            byte[] store = layout(key, dataHash, coseSize, false);
            if (binding.embedded().applyAsLong(store.length) == length) {
                return layout(key, dataHash, coseSize, true);
            }
            length = binding.embedded().applyAsLong(store.length);
        }
        throw new IllegalStateException("the manifest's length did not settle");
    }

    private static Map<String, Object> dataHash(long start, long length, byte[] hash) {
        Map<String, Object> value = new LinkedHashMap<>();
        value.put("exclusions", List.of(Map.of("start", start, "length", length)));
        value.put("name", "jumbf manifest");
        value.put("alg", "sha256");
        value.put("hash", hash);
        value.put("pad", new byte[0]);
        return value;
    }

    private byte[] layout(SigningKey key, Map<String, Object> dataHash, int coseSize, boolean signed) {
        List<Assertion> all = new ArrayList<>(assertions);
        all.add(new Assertion("c2pa.hash.data", dataHash));
        List<Box> boxes = new ArrayList<>();
        List<Map<String, Object>> hashed = new ArrayList<>();
        for (Assertion assertion : all) {
            Box.Super box = new Box.Super(Box.c2paType("cbor"), assertion.label(), List.of(new Box.Content("cbor", cbor(assertion.value()))));
            boxes.add(box);
            Map<String, Object> uri = new LinkedHashMap<>();
            uri.put("url", "self#jumbf=" + ASSERTIONS + "/" + assertion.label());
            uri.put("hash", sha256(box.payload()));
            hashed.add(uri);
        }
        Map<String, Object> claim = new LinkedHashMap<>();
        claim.put("instanceID", instance);
        claim.put("claim_generator_info", generator);
        claim.put("signature", "self#jumbf=/c2pa/" + label + "/c2pa.signature");
        claim.put("created_assertions", hashed);
        claim.put("alg", "sha256");
        byte[] claimBytes = cbor(claim);
        byte[] signature = signed ? CoseSign1.sign(key, claimBytes) : new byte[coseSize];
        Box.Super manifest = new Box.Super(Box.c2paType("c2ma"), label, List.of(
                new Box.Super(Box.c2paType("c2as"), ASSERTIONS, boxes),
                new Box.Super(Box.c2paType("c2cl"), "c2pa.claim.v2", List.of(new Box.Content("cbor", claimBytes))),
                new Box.Super(Box.c2paType("c2cs"), "c2pa.signature", List.of(new Box.Content("cbor", signature)))));
        return new Box.Super(Box.c2paType("c2pa"), "c2pa", List.of(manifest)).bytes();
    }

    private static byte[] cbor(Object value) {
        try {
            return CBOR.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not CBOR-serialisable: " + value, e);
        }
    }

    public static byte[] sha256(byte[]... parts) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            for (byte[] part : parts) {
                digest.update(part);
            }
            return digest.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
