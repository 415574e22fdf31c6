package io.mediagate.provenance.reading;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import io.mediagate.provenance.cose.CoseSign1;
import io.mediagate.provenance.formats.Embedding;
import io.mediagate.provenance.formats.Mp4;
import io.mediagate.provenance.jumbf.Found;
import io.mediagate.provenance.manifest.Manifest;
import io.mediagate.provenance.manifest.Store;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads and validates the Content Credentials a file carries, as a C2PA validator does, for what the suite serves and
 * what its users upload: the active manifest's claim signature (and whether its signer leads to a trusted CA), every
 * assertion the claim names by hashed URI, the hard binding of the file's bytes ({@code c2pa.hash.data} in PNG, JPEG and
 * WebP; {@code c2pa.hash.bmff} in MP4, with top-level exclusions), and each ingredient's manifest against the hash its
 * ingredient assertion gives (that manifest's signature and assertions checked too). The validation status codes are
 * the C2PA specification's. Not checked here: time-stamps, certificate revocation, nested BMFF exclusions (said as an
 * informational code).
 */
public final class Verifier {
    private static final ObjectMapper CBOR = new CBORMapper();
    private static final Set<String> TOP_LEVEL_EXCLUDABLE = Set.of("ftyp", "free", "skip", "mfra", "uuid");
    private final Trust trust;
    private final Clock clock;

    public Verifier(Trust trust, Clock clock) {
        this.trust = trust;
        this.clock = clock;
    }

    /** The reading of {@code file} ({@code mime}); an MP4 is read from disk as it is, an image in memory. */
    public Report read(Path file, String mime) throws IOException {
        if ("video/mp4".equals(mime)) {
            Optional<byte[]> store = Mp4.is(file) ? Mp4.store(file) : Optional.empty();
            return store.isEmpty() ? Report.UNSIGNED : read(store.get(), new Mp4Binding(file));
        }
        if (Embedding.of(mime).isEmpty()) {
            return Report.UNSIGNED; // a format without C2PA here (GIF, WebM, QuickTime): not read into memory
        }
        return read(Files.readAllBytes(file), mime);
    }

    /** The reading of {@code file} ({@code mime}: PNG, JPEG or WebP; anything else reads as carrying nothing). */
    public Report read(byte[] file, String mime) {
        Optional<byte[]> store;
        try {
            store = Embedding.of(mime).filter(e -> e.is(file)).flatMap(e -> e.store(file));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return malformed(e); // the format's own structure is broken around where a manifest would be
        }
        return store.isEmpty() ? Report.UNSIGNED : read(store.get(), new DataBinding(file));
    }

    /** How the active manifest's hard binding is checked against the file. */
    private sealed interface Binding permits DataBinding, Mp4Binding {}

    private record DataBinding(byte[] file) implements Binding {}

    private record Mp4Binding(Path file) implements Binding {}

    private Report read(byte[] bytes, Binding binding) {
        try {
            return readStore(bytes, binding);
        } catch (IllegalArgumentException | IndexOutOfBoundsException | UnsupportedOperationException e) {
            return malformed(e);
        }
    }

    private static Report malformed(RuntimeException e) {
        Results results = new Results();
        results.failure("claim.malformed", "self#jumbf=/c2pa", "the manifest store cannot be read: " + e.getMessage());
        return new Report(true, Optional.empty(), null, Map.of(), results.json(), "Invalid");
    }

    /** The reading of a store; one that cannot be read throws, and {@link #read(byte[], Binding)} says it is malformed. */
    private Report readStore(byte[] bytes, Binding binding) {
        Store store = new Store(bytes);
        Map<String, Object> manifests = new LinkedHashMap<>();
        Results active = new Results();
        List<Found> all = store.manifests();
        String activeLabel = all.getLast().label().orElse("");
        for (int i = 0; i < all.size(); i++) {
            Found manifest = all.get(i);
            String label = manifest.label().orElse("");
            boolean isActive = i == all.size() - 1;
            Results results = isActive ? active : new Results();
            Map<String, Object> read = manifest(store, manifest, label, results, new HashSet<>());
            if (isActive) {
                bound(manifest, label, binding, results);
            }
            manifests.put(label, read);
        }
        return new Report(true, Optional.of(store), activeLabel, manifests, active.json(), active.state());
    }

    /**
     * A manifest as JSON, its signature, assertions and ingredients checked into {@code results}; {@code reading}: the
     * manifests being read above it (an ingredient that names one of them again is not followed round).
     */
    private Map<String, Object> manifest(Store store, Found manifest, String label, Results results, Set<String> reading) {
        String self = "self#jumbf=/c2pa/" + label;
        reading.add(label);
        Map<String, Object> json = new LinkedHashMap<>();
        Optional<byte[]> claimBytes = manifest.child("c2pa.claim.v2").or(() -> manifest.child("c2pa.claim")).flatMap(Verifier::content);
        JsonNode claim = claimBytes.flatMap(Verifier::cbor).orElse(null);
        if (claim == null) {
            results.failure("claim.missing", self, "the manifest has no readable claim");
            return json;
        }
        json.put("claim_generator_info", claim.path("claim_generator_info"));
        json.put("instance_id", claim.path("instanceID").asText(null));
        Optional<byte[]> signature = manifest.child("c2pa.signature").flatMap(Verifier::content);
        Optional<CoseSign1.Verified> verified = signature.flatMap(s -> CoseSign1.verify(s, claimBytes.get()));
        if (verified.isPresent()) {
            results.success("claimSignature.validated", self + "/c2pa.signature", "the claim's signature is valid");
            X509Certificate signer = verified.get().chain().getFirst();
            json.put("signature_info", signatureInfo(verified.get()));
            if (Trust.expired(signer, clock.instant())) {
                results.failure("signingCredential.expired", self + "/c2pa.signature", "the signer's certificate is out of its validity");
            } else if (trust.trusts(verified.get().chain())) {
                results.success("signingCredential.trusted", self + "/c2pa.signature", "the signer leads to a trusted CA");
            } else {
                results.failure("signingCredential.untrusted", self + "/c2pa.signature", "the signer leads to no trusted CA");
            }
        } else {
            results.failure("claimSignature.mismatch", self + "/c2pa.signature", "the claim's signature does not verify");
        }
        List<Map<String, Object>> assertions = new ArrayList<>();
        List<Map<String, Object>> ingredients = new ArrayList<>();
        for (JsonNode uri : assertionUris(claim)) {
            String url = uri.path("url").asText();
            Optional<Found> box = resolve(store, manifest, url);
            if (box.isEmpty()) {
                results.failure("assertion.missing", url, "no assertion at this URI");
                continue;
            }
            if (!matches(uri, box.get())) {
                results.failure("assertion.hashedURI.mismatch", url, "the assertion is not the one the claim signed");
                continue;
            }
            results.success("assertion.hashedURI.match", url, "hashed URI matched");
            String assertionLabel = box.get().label().orElse("");
            JsonNode data = content(box.get()).flatMap(Verifier::cbor).orElse(null);
            Map<String, Object> assertion = new LinkedHashMap<>();
            assertion.put("label", assertionLabel);
            assertion.put("data", data);
            assertions.add(assertion);
            if (assertionLabel.startsWith("c2pa.ingredient") && data != null) {
                ingredients.add(ingredient(store, data, url, results, reading));
            }
        }
        json.put("assertions", assertions);
        json.put("ingredients", ingredients);
        return json;
    }

    /** An ingredient as JSON: its manifest, when it names one, found in the store, matched and checked. */
    private Map<String, Object> ingredient(Store store, JsonNode data, String url, Results results, Set<String> reading) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("title", data.path("dc:title").asText(null));
        json.put("format", data.path("dc:format").asText(null));
        json.put("relationship", data.path("relationship").asText("componentOf"));
        JsonNode named = data.has("activeManifest") ? data.path("activeManifest") : data.path("c2pa_manifest");
        if (named.isMissingNode()) {
            return json;
        }
        String manifestUrl = named.path("url").asText();
        String label = manifestUrl.replaceFirst("^self#jumbf=/c2pa/", "");
        Optional<Found> manifest = store.manifests().stream().filter(m -> m.label().filter(label::equals).isPresent()).findFirst();
        json.put("active_manifest", label);
        if (manifest.isEmpty() || !matches(named, manifest.get())) {
            results.failure("ingredient.manifest.mismatch", url, "the ingredient's manifest is missing or not the one named");
            return json;
        }
        results.success("ingredient.manifest.validated", url, "the ingredient's manifest is the one named");
        if (reading.contains(label)) {
            return json;
        }
        Results own = new Results();
        manifest(store, manifest.get(), label, own, reading);
        results.ingredient(own);
        json.put("validation_results", own.json());
        return json;
    }

    private void bound(Found manifest, String label, Binding binding, Results results) {
        String assertions = "self#jumbf=/c2pa/" + label + "/c2pa.assertions/";
        Optional<Found> container = manifest.child("c2pa.assertions");
        List<Found> hashes = container.map(c -> c.children().stream().filter(a -> a.label().filter(l -> l.startsWith("c2pa.hash.")).isPresent())
                .toList()).orElse(List.of());
        if (hashes.isEmpty()) {
            results.failure("claim.hardBindings.missing", "self#jumbf=/c2pa/" + label, "the manifest binds no bytes of the file");
            return;
        }
        Found hash = hashes.getFirst();
        String hashLabel = hash.label().orElse("");
        JsonNode value = content(hash).flatMap(Verifier::cbor).orElse(CBOR.missingNode());
        switch (binding) {
            case DataBinding(byte[] file) when hashLabel.startsWith("c2pa.hash.data") -> {
                boolean match = dataHash(file, value);
                results.add(match, match ? "assertion.dataHash.match" : "assertion.dataHash.mismatch", assertions + hashLabel,
                        match ? "data hash valid" : "the file's bytes are not those signed");
            }
            case Mp4Binding(Path file) when hashLabel.startsWith("c2pa.hash.bmff") -> {
                Optional<Set<String>> excluded = topLevelExclusions(value);
                if (excluded.isEmpty()) {
                    results.informational("io.mediagate.bmffHash.unchecked", assertions + hashLabel,
                            "exclusions below the top level are not checked here");
                    return;
                }
                boolean match;
                try {
                    match = binaryValue(value.path("hash")).map(h -> {
                        try {
                            return Mp4.hashes(file, excluded.get(), h);
                        } catch (IOException e) {
                            return false;
                        }
                    }).orElse(false);
                } catch (RuntimeException e) {
                    match = false;
                }
                results.add(match, match ? "assertion.bmffHash.match" : "assertion.bmffHash.mismatch", assertions + hashLabel,
                        match ? "BMFF hash valid" : "the file's boxes are not those signed");
            }
            default -> results.failure("assertion.hardBinding.mismatch", assertions + hashLabel,
                    "the hard binding is not of this file's format");
        }
    }

    /** The top-level box types an MP4's BMFF hash leaves out, or empty when it excludes anything deeper. */
    private static Optional<Set<String>> topLevelExclusions(JsonNode value) {
        Set<String> types = new HashSet<>();
        for (JsonNode exclusion : value.path("exclusions")) {
            String xpath = exclusion.path("xpath").asText();
            String type = xpath.startsWith("/") ? xpath.substring(1) : "";
            if (!TOP_LEVEL_EXCLUDABLE.contains(type) || exclusion.has("subset")) {
                return Optional.empty();
            }
            if (!type.equals("uuid")) { // the C2PA uuid box is always left out; another uuid box is hashed
                types.add(type);
            }
        }
        return Optional.of(types);
    }

    private static boolean dataHash(byte[] file, JsonNode value) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            long at = 0;
            List<long[]> ranges = new ArrayList<>();
            for (JsonNode exclusion : value.path("exclusions")) {
                ranges.add(new long[] {exclusion.path("start").asLong(), exclusion.path("length").asLong()});
            }
            ranges.sort((a, b) -> Long.compare(a[0], b[0]));
            for (long[] range : ranges) {
                if (range[0] < at || range[0] + range[1] > file.length) {
                    return false;
                }
                digest.update(file, (int) at, (int) (range[0] - at));
                at = range[0] + range[1];
            }
            digest.update(file, (int) at, (int) (file.length - at));
            return binaryValue(value.path("hash")).map(h -> MessageDigest.isEqual(h, digest.digest())).orElse(false)
                    && "sha256".equals(value.path("alg").asText("sha256"));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<JsonNode> assertionUris(JsonNode claim) {
        List<JsonNode> uris = new ArrayList<>();
        for (String field : List.of("created_assertions", "gathered_assertions", "assertions")) {
            claim.path(field).forEach(uris::add);
        }
        return uris;
    }

    /** The box a hashed URI names: absolute ({@code self#jumbf=/c2pa/<manifest>/...}) or within {@code current}. */
    private static Optional<Found> resolve(Store store, Found current, String url) {
        if (!url.startsWith("self#jumbf=")) {
            return Optional.empty();
        }
        String path = url.substring("self#jumbf=".length());
        Optional<Found> at = Optional.of(current);
        if (path.startsWith("/c2pa/")) {
            String[] parts = path.substring("/c2pa/".length()).split("/", 2);
            at = store.manifests().stream().filter(m -> m.label().filter(parts[0]::equals).isPresent()).findFirst();
            path = parts.length > 1 ? parts[1] : "";
        }
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                at = at.flatMap(box -> box.child(segment));
            }
        }
        return at;
    }

    private static boolean matches(JsonNode uri, Found box) {
        return binaryValue(uri.path("hash")).map(h -> MessageDigest.isEqual(h, Manifest.sha256(box.payload()))).orElse(false);
    }

    private static Map<String, Object> signatureInfo(CoseSign1.Verified verified) {
        X509Certificate signer = verified.chain().getFirst();
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("alg", verified.alg());
        info.put("subject", signer.getSubjectX500Principal().getName());
        info.put("issuer", signer.getIssuerX500Principal().getName());
        info.put("cert_serial_number", HexFormat.of().formatHex(signer.getSerialNumber().toByteArray()));
        return info;
    }

    private static Optional<byte[]> content(Found superbox) {
        return superbox.children().stream().findFirst().map(Found::payload);
    }

    private static Optional<JsonNode> cbor(byte[] bytes) {
        try {
            return Optional.ofNullable(CBOR.readTree(bytes));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<byte[]> binaryValue(JsonNode node) {
        try {
            return node.isBinary() ? Optional.of(node.binaryValue()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
