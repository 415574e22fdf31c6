package io.mediagate.provenance.reading;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.provenance.formats.Located;
import io.mediagate.provenance.formats.Mp4;
import java.io.IOException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The check of the asset's content against the active manifest's one hard binding (C2PA 2.2, 15.12): a data hash
 * ({@code c2pa.hash.data}) over an image's bytes whose exclusions are exactly the bytes its manifest store takes with
 * its framing, nothing else (15.12.1.1: any other exclusion could hide content); a BMFF hash
 * ({@code c2pa.hash.bmff.v2}, {@code .v3}) over an MP4's top-level boxes, each after its offset, excluding only what
 * Annex A.5.6 says is always excluded ({@code /uuid} for the C2PA box, {@code /ftyp}, {@code /mfra}) and padding
 * ({@code /free}, {@code /skip}). A binding of another kind, a BMFF exclusion of anything else or of part of a box, and
 * a fragmented file's Merkle hash are not checked here: they fail as {@value #UNSUPPORTED}, never read as valid.
 */
sealed interface HardBinding permits HardBinding.Data, HardBinding.Bmff {
    String UNSUPPORTED = "io.mediagate.hardBinding.unsupported";

    /** Checks {@code bound} against the file, into {@code results}. */
    void check(StoreReading.Bound bound, Results results);

    /** An image held in memory, its store at {@code located}. */
    record Data(byte[] file, Located located) implements HardBinding {
        @Override
        public void check(StoreReading.Bound bound, Results results) {
            String url = bound.url();
            if (!bound.label().equals("c2pa.hash.data")) {
                results.failure(UNSUPPORTED, url, "a " + bound.label() + " binding is not checked here");
                return;
            }
            JsonNode value = bound.value();
            Optional<String> algorithm = Hashing.algorithm(value, bound.claim());
            if (algorithm.isEmpty()) {
                results.failure("algorithm.unsupported", url, "the data hash's algorithm is not one C2PA allows");
                return;
            }
            Optional<byte[]> hash = Hashing.bytes(value.path("hash"));
            if (hash.isEmpty()) {
                results.failure("assertion.dataHash.mismatch", url, "the data hash has no hash");
                return;
            }
            Optional<List<Located.Range>> exclusions = exclusions(value.path("exclusions"));
            if (exclusions.isEmpty()) {
                results.failure("assertion.dataHash.malformed", url, "the exclusions overlap, are out of order or negative");
                return;
            }
            if (!exclusions.get().equals(located.ranges())) {
                results.failure("assertion.dataHash.mismatch", url, "the data hash leaves out bytes other than its manifest store's");
                return;
            }
            boolean match = MessageDigest.isEqual(hash.get(), digest(algorithm.get(), exclusions.get()));
            results.add(match, match ? "assertion.dataHash.match" : "assertion.dataHash.mismatch", url,
                    match ? "data hash valid" : "the file's bytes are not those signed");
        }

        /** The exclusions in order, or empty when one is negative or overlaps the next (15.12.1.1). */
        private static Optional<List<Located.Range>> exclusions(JsonNode list) {
            List<Located.Range> ranges = new ArrayList<>();
            long end = 0;
            for (JsonNode exclusion : list) {
                if (!exclusion.path("start").canConvertToLong() || !exclusion.path("length").canConvertToLong()) {
                    return Optional.empty();
                }
                long start = exclusion.path("start").asLong();
                long length = exclusion.path("length").asLong();
                if (start < 0 || length < 0 || start < end) {
                    return Optional.empty();
                }
                ranges.add(new Located.Range(start, length));
                end = start + length;
            }
            return Optional.of(ranges);
        }

        private byte[] digest(String algorithm, List<Located.Range> exclusions) {
            try {
                MessageDigest digest = MessageDigest.getInstance(algorithm);
                int at = 0;
                for (Located.Range range : exclusions) {
                    digest.update(file, at, (int) range.start() - at);
                    at = (int) range.end();
                }
                digest.update(file, at, file.length - at);
                return digest.digest();
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }
    }

    /** An MP4 on disk, read as it is hashed. */
    record Bmff(Path file) implements HardBinding {
        private static final Set<String> WHOLE = Set.of("/ftyp", "/mfra", "/free", "/skip");
        private static final byte[] C2PA_UUID = {(byte) 0xd8, (byte) 0xfe, (byte) 0xc3, (byte) 0xd6, 0x1b, 0x0e, 0x48, 0x3c,
                (byte) 0x92, (byte) 0x97, 0x58, 0x28, (byte) 0x87, 0x7e, (byte) 0xc4, (byte) 0x81};

        @Override
        public void check(StoreReading.Bound bound, Results results) {
            String url = bound.url();
            if (!bound.label().equals("c2pa.hash.bmff.v3") && !bound.label().equals("c2pa.hash.bmff.v2")) {
                results.failure(UNSUPPORTED, url, "a " + bound.label() + " binding is not checked here");
                return;
            }
            JsonNode value = bound.value();
            JsonNode exclusions = value.path("exclusions");
            if (!exclusions.isArray() || exclusions.isEmpty()) {
                results.failure("assertion.bmffHash.malformed", url, "the BMFF hash lists no exclusions");
                return;
            }
            Optional<String> algorithm = Hashing.algorithm(value, bound.claim());
            if (algorithm.isEmpty()) {
                results.failure("algorithm.unsupported", url, "the BMFF hash's algorithm is not one C2PA allows");
                return;
            }
            Set<String> excluded = new HashSet<>();
            boolean withoutC2pa = false;
            for (JsonNode exclusion : exclusions) {
                String xpath = exclusion.path("xpath").asText();
                if (xpath.equals("/uuid") && c2paOnly(exclusion)) {
                    withoutC2pa = true;
                } else if (WHOLE.contains(xpath) && exclusion.size() == 1) {
                    excluded.add(xpath.substring(1));
                } else {
                    results.failure(UNSUPPORTED, url, "the BMFF hash leaves out " + xpath + " beyond the boxes C2PA always excludes");
                    return;
                }
            }
            Optional<byte[]> hash = Hashing.bytes(value.path("hash"));
            if (hash.isEmpty() || value.has("merkle")) {
                results.failure(UNSUPPORTED, url, "a BMFF hash without a whole-file hash (a fragmented file's Merkle tree)");
                return;
            }
            boolean match;
            try {
                match = MessageDigest.isEqual(hash.get(), Mp4.hash(file, excluded, withoutC2pa, algorithm.get()));
            } catch (IOException | IllegalArgumentException e) {
                match = false;
            }
            results.add(match, match ? "assertion.bmffHash.match" : "assertion.bmffHash.mismatch", url,
                    match ? "BMFF hash valid" : "the file's boxes are not those signed");
        }

        /** Whether a {@code /uuid} exclusion names only C2PA's box: its extended type at offset 8, nothing else. */
        private static boolean c2paOnly(JsonNode exclusion) {
            JsonNode data = exclusion.path("data");
            if (exclusion.size() != 2 || !data.isArray() || data.size() != 1 || data.get(0).path("offset").asInt(-1) != 8) {
                return false;
            }
            return Hashing.bytes(data.get(0).path("value")).filter(v -> Arrays.equals(v, C2PA_UUID)).isPresent();
        }
    }
}
