package io.mediagate.provenance.manifest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import io.mediagate.provenance.cose.CoseSign1;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.jumbf.Box;
import io.mediagate.provenance.jumbf.Found;
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
    private final List<Ingredient> ingredients = new ArrayList<>();

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
     * Names {@code ingredient} in this manifest ({@code c2pa.ingredient.v3}, then {@code c2pa.ingredient.v3__1}, ...; its
     * manifests, if any, are carried in this store) and answers the hashed URI of that assertion, which an action names.
     */
    public Map<String, Object> ingredient(Ingredient ingredient) {
        String label = "c2pa.ingredient.v3" + (ingredients.isEmpty() ? "" : "__" + ingredients.size());
        ingredients.add(ingredient);
        add(label, ingredient.assertion());
        return hashedUri("self#jumbf=" + ASSERTIONS + "/" + label, box(assertions.getLast()).payload());
    }

    /**
     * How a format binds a manifest store to its file (the hard binding): the binding assertion's label, how many bytes
     * the embedding of a store of a given length takes, and the assertion's value once the embedding takes that many
     * (with the hash of the file's bytes, or, to size the store, a stand-in of the hash's length).
     */
    public record Binding(String label, IntToLongFunction embedded, Value value) {
        /** The binding assertion's value for an embedding of {@code embedded} bytes; the real hash only when {@code hashed}. */
        public interface Value {
            Map<String, Object> of(long embedded, boolean hashed);
        }

        /**
         * {@code c2pa.hash.data}: the store embedded at {@code start}, and {@code hash}, the SHA-256 of the file's bytes but
         * the embedding's (the one range the data hash leaves out: the store and the format's headers around it).
         */
        public static Binding data(long start, IntToLongFunction embedded, LongFunction<byte[]> hash) {
            return new Binding("c2pa.hash.data", embedded, (length, hashed) -> {
                Map<String, Object> value = new LinkedHashMap<>();
                value.put("exclusions", List.of(Map.of("start", start, "length", length)));
                value.put("name", "jumbf manifest");
                value.put("alg", "sha256");
                value.put("hash", hashed ? hash.apply(length) : new byte[32]);
                value.put("pad", new byte[0]);
                return value;
            });
        }
    }

    /**
     * The signed manifest store, bound to its file by {@code binding}. The embedding's length is inside the store (an
     * exclusion's length, an offset): sized with a stand-in hash until it settles (two or three turns), then hashed once.
     */
    public byte[] store(SigningKey key, Binding binding) {
        int coseSize = CoseSign1.size(key);
        long length = 0;
        for (int i = 0; i < 6; i++) {
            byte[] sized = layout(key, binding, binding.value().of(length, false), coseSize, false);
            long embedded = binding.embedded().applyAsLong(sized.length);
            if (embedded == length) {
                byte[] store = layout(key, binding, binding.value().of(length, true), coseSize, true);
                if (store.length != sized.length) {
                    throw new IllegalStateException("the signed manifest store is not the length it was sized at");
                }
                return store;
            }
            length = embedded;
        }
        throw new IllegalStateException("the manifest's length did not settle");
    }

    /** A hashed URI: {@code url} and the SHA-256 of the payload of the box it names. */
    static Map<String, Object> hashedUri(String url, byte[] payload) {
        Map<String, Object> uri = new LinkedHashMap<>();
        uri.put("url", url);
        uri.put("hash", sha256(payload));
        return uri;
    }

    private static Box.Super box(Assertion assertion) {
        return new Box.Super(Box.c2paType("cbor"), assertion.label(), List.of(new Box.Content("cbor", cbor(assertion.value()))));
    }

    private byte[] layout(SigningKey key, Binding binding, Map<String, Object> bound, int coseSize, boolean signed) {
        List<Assertion> all = new ArrayList<>(assertions);
        all.add(new Assertion(binding.label(), bound));
        List<Box> boxes = new ArrayList<>();
        List<Map<String, Object>> hashed = new ArrayList<>();
        for (Assertion assertion : all) {
            Box.Super box = box(assertion);
            boxes.add(box);
            hashed.add(hashedUri("self#jumbf=" + ASSERTIONS + "/" + assertion.label(), box.payload()));
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
        List<Box> manifests = new ArrayList<>();
        List<String> carried = new ArrayList<>();
        for (Ingredient ingredient : ingredients) { // a manifest two ingredients share is carried once
            for (Box box : ingredient.carried()) {
                String boxLabel = new Found(box.type(), box.payload()).label().orElse("");
                if (!carried.contains(boxLabel)) {
                    carried.add(boxLabel);
                    manifests.add(box);
                }
            }
        }
        manifests.add(manifest);
        return new Box.Super(Box.c2paType("c2pa"), "c2pa", manifests).bytes();
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
