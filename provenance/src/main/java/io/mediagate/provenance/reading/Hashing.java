package io.mediagate.provenance.reading;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.Map;
import java.util.Optional;

/**
 * The hash algorithms C2PA allows (C2PA 2.2, 13.1: SHA-256, SHA-384, SHA-512) and how a structure's algorithm is found
 * (15.4.1: its own {@code alg}, else the nearest enclosing structure's, else the claim's; none is
 * {@code algorithm.unsupported}).
 */
final class Hashing {
    private static final Map<String, String> JDK = Map.of("sha256", "SHA-256", "sha384", "SHA-384", "sha512", "SHA-512");

    private Hashing() {
    }

    /** The JDK name of the algorithm the first of {@code structures} that names one names, when C2PA allows it. */
    static Optional<String> algorithm(JsonNode... structures) {
        for (JsonNode structure : structures) {
            if (structure != null && structure.has("alg")) {
                return Optional.ofNullable(JDK.get(structure.path("alg").asText()));
            }
        }
        return Optional.empty();
    }

    /** The bytes of a CBOR byte string, or empty when {@code node} is none. */
    static Optional<byte[]> bytes(JsonNode node) {
        try {
            return node != null && node.isBinary() ? Optional.of(node.binaryValue()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
