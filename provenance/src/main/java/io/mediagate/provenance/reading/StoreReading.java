package io.mediagate.provenance.reading;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import io.mediagate.provenance.cose.CoseSign1;
import io.mediagate.provenance.jumbf.Found;
import io.mediagate.provenance.manifest.Store;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.cert.X509Certificate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The validation of the manifests of one manifest store, as C2PA 2.2 chapter 15 lays it out: for a manifest, its claim
 * (15.6), its signature and signer (15.7, 15.8.2), its assertions (15.10) and its ingredients (15.11); the asset's
 * content (15.12) is the {@link HardBinding}'s. Each manifest is read once however many ingredients name it, each box
 * once (the boxes of {@link Found} are views, their digests kept), and the reading stops at its limits: at most
 * {@value #MAX_ASSERTIONS} assertions a claim, ingredients {@value #MAX_DEPTH} deep, {@value #MAX_DATA_BYTES} bytes of
 * assertion data shown. An ingredient naming a manifest being read above it (a loop) fails, never recurses.
 */
final class StoreReading {
    static final int MAX_ASSERTIONS = 1000;
    static final int MAX_DEPTH = 32;
    static final int MAX_DATA_BYTES = 1 << 20;
    static final int MAX_ASSERTION_DATA = 64 << 10;
    private static final ObjectMapper CBOR = new CBORMapper();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> HARD_BINDINGS = Set.of("c2pa.hash.data", "c2pa.hash.boxes", "c2pa.hash.collection.data",
            "c2pa.hash.bmff", "c2pa.hash.bmff.v2", "c2pa.hash.bmff.v3");
    private static final Set<String> RELATIONSHIPS = Set.of("parentOf", "inputTo", "componentOf");
    private final Trust trust;
    private final Instant when;
    private final Map<String, Found> manifests = new HashMap<>();
    private final Map<String, Checked> checked = new LinkedHashMap<>();
    private final Set<String> reading = new HashSet<>();
    private long shown;

    /** A manifest as read: its JSON, its validation results and the one hard binding its claim lists (15.10.1.2), if so. */
    record Checked(Map<String, Object> json, Results results, Optional<Bound> binding) {}

    /** The hard-binding assertion a claim lists: its label, its URL, its value and the claim (for its {@code alg}). */
    record Bound(String label, String url, JsonNode value, JsonNode claim) {}

    StoreReading(Store store, Trust trust, Instant when) {
        this.trust = trust;
        this.when = when;
        for (Found manifest : store.manifests()) {
            String label = manifest.label().orElseThrow(() -> new IllegalArgumentException("a manifest has no label"));
            if (!manifest.is("c2ma")) { // an update manifest (c2um) or a box of another kind: not a standard manifest
                throw new IllegalArgumentException("the box labelled " + label + " is not a standard C2PA manifest");
            }
            if (manifests.putIfAbsent(label, manifest) != null) {
                throw new IllegalArgumentException("two manifests are labelled " + label);
            }
        }
    }

    /** The manifests read so far, by label, in the order they were read (the active one first). */
    Map<String, Object> json() {
        Map<String, Object> json = new LinkedHashMap<>();
        checked.forEach((label, read) -> json.put(label, read.json()));
        return json;
    }

    /** The manifest labelled {@code label}, read and checked ({@code depth}: how many ingredients below the active one). */
    Checked check(String label, int depth) {
        Checked done = checked.get(label);
        if (done != null) {
            return done;
        }
        Results results = new Results();
        Map<String, Object> json = new LinkedHashMap<>();
        String self = "self#jumbf=/c2pa/" + label;
        if (!reading.add(label)) {
            results.failure("ingredient.manifest.mismatch", self, "the ingredient names a manifest being read above it (a loop)");
            return new Checked(json, results, Optional.empty());
        }
        try {
            Checked read = read(manifests.get(label), label, self, results, json, depth);
            checked.put(label, read);
            return read;
        } finally {
            reading.remove(label);
        }
    }

    private Checked read(Found manifest, String label, String self, Results results, Map<String, Object> json, int depth) {
        // 15.6.1: exactly one claim box.
        List<Found> claims = manifest.children().stream().filter(c -> c.is("c2cl")
                && c.label().filter(l -> l.equals("c2pa.claim.v2") || l.equals("c2pa.claim")).isPresent()).toList();
        if (claims.isEmpty()) {
            results.failure("claim.missing", self, "the manifest has no claim");
            return new Checked(json, results, Optional.empty());
        }
        if (claims.size() > 1) {
            results.failure("claim.multiple", self, "the manifest has more than one claim");
            return new Checked(json, results, Optional.empty());
        }
        boolean v2 = claims.getFirst().label().orElseThrow().equals("c2pa.claim.v2");
        Optional<byte[]> claimBytes = content(claims.getFirst()).filter(c -> c.type().equals("cbor")).map(Found::payload);
        // 15.6.2: well-formed CBOR with the fields a claim must have.
        JsonNode claim = claimBytes.flatMap(StoreReading::cbor).filter(JsonNode::isObject).orElse(null);
        if (claim == null) {
            results.failure("claim.cbor.invalid", self + "/" + claims.getFirst().label().orElseThrow(), "the claim is not well-formed CBOR");
            return new Checked(json, results, Optional.empty());
        }
        Optional<String> malformed = malformed(claim, v2);
        if (malformed.isPresent()) {
            results.failure("claim.malformed", self, malformed.get());
            return new Checked(json, results, Optional.empty());
        }
        json.put("claim_generator_info", claim.path("claim_generator_info"));
        json.put("instance_id", claim.path("instanceID").asText(null));
        signature(manifest, label, self, claim, claimBytes.get(), results, json);
        Assertions assertions = assertions(manifest, label, self, claim, v2, results);
        json.put("assertions", assertions.json());
        List<Map<String, Object>> ingredients = new ArrayList<>();
        for (Listed ingredient : assertions.ingredients()) {
            ingredients.add(ingredient(ingredient, claim, results, depth));
        }
        json.put("ingredients", ingredients);
        return new Checked(json, results, standard(assertions, self, claim, v2, results));
    }

    /** Why a claim lacks what it must have (15.6.2), if it does. */
    private static Optional<String> malformed(JsonNode claim, boolean v2) {
        List<String> required = v2 ? List.of("instanceID", "signature", "created_assertions", "claim_generator_info")
                : List.of("signature", "assertions");
        for (String field : required) {
            if (!claim.has(field)) {
                return Optional.of("the claim has no " + field);
            }
        }
        if (v2 && (!claim.path("claim_generator_info").isObject() || !claim.path("claim_generator_info").has("name"))) {
            return Optional.of("the claim's generator has no name");
        }
        int listed = 0;
        for (String field : List.of("created_assertions", "gathered_assertions", "assertions")) {
            if (claim.has(field) && !claim.path(field).isArray()) {
                return Optional.of("the claim's " + field + " is not a list");
            }
            listed += claim.path(field).size();
        }
        return listed > MAX_ASSERTIONS ? Optional.of("the claim lists more than " + MAX_ASSERTIONS + " assertions") : Optional.empty();
    }

    /** 15.7 and 15.8.2: the signature found in this manifest, the signer's credential judged, the claim verified. */
    private void signature(Found manifest, String label, String self, JsonNode claim, byte[] claimBytes, Results results,
                           Map<String, Object> json) {
        String url = claim.path("signature").asText("");
        Optional<Found> box = within(url, label).filter(path -> path.equals(List.of("c2pa.signature")))
                .flatMap(path -> manifest.child("c2pa.signature")).filter(s -> s.is("c2cs")).flatMap(StoreReading::content)
                .filter(c -> c.type().equals("cbor"));
        if (box.isEmpty()) {
            results.failure("claimSignature.missing", url, "the claim's signature is not in its manifest");
            return;
        }
        String at = self + "/c2pa.signature";
        Optional<CoseSign1.Parsed> parsed = CoseSign1.parse(box.get().payload(), claimBytes);
        if (parsed.isEmpty()) {
            results.failure("claimSignature.mismatch", at, "the claim's signature cannot be read, or is of an algorithm C2PA does not allow");
            return;
        }
        json.put("signature_info", signatureInfo(parsed.get()));
        Trust.Judgement judgement = trust.judge(parsed.get().chain(), when);
        switch (judgement) {
            case Trust.Judgement.Trusted t -> results.success(t.code(), at, t.explanation());
            default -> results.failure(judgement.code(), at, judgement.explanation());
        }
        if (!(judgement instanceof Trust.Judgement.OutsideValidity)) {
            results.success("claimSignature.insideValidity", at, "the signer's chain is within its validity");
        }
        boolean verifies = parsed.get().verifies(claimBytes);
        results.add(verifies, verifies ? "claimSignature.validated" : "claimSignature.mismatch", at,
                verifies ? "the claim's signature is valid" : "the claim's signature does not verify");
    }

    /** An assertion a claim lists, found and matched: its label, URL, box and CBOR value (null when not CBOR). */
    private record Listed(String label, String url, Found box, JsonNode data) {}

    /** What a claim's assertions are once checked: their JSON, the ingredients and hard bindings among them, the actions. */
    private record Assertions(List<Map<String, Object>> json, List<Listed> ingredients, List<Listed> bindings, List<Listed> actions) {}

    /** 15.10.3: every assertion the claim lists, in this manifest, matching its hash; none in the store that it does not list. */
    private Assertions assertions(Found manifest, String label, String self, JsonNode claim, boolean v2, Results results) {
        Assertions found = new Assertions(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        Optional<Found> store = manifest.child("c2pa.assertions").filter(s -> s.is("c2as"));
        Set<String> listed = new HashSet<>();
        for (String field : v2 ? List.of("created_assertions", "gathered_assertions") : List.of("assertions")) {
            for (JsonNode uri : claim.path(field)) {
                String url = uri.path("url").asText("");
                Optional<List<String>> path = within(url, label);
                if (path.isEmpty() || path.get().size() != 2 || !path.get().getFirst().equals("c2pa.assertions")) {
                    results.failure("assertion.outsideManifest", url, "the claim lists an assertion outside its manifest");
                    continue;
                }
                String name = path.get().get(1);
                if (!listed.add(name)) {
                    results.failure("claim.malformed", url, "the claim lists this assertion more than once");
                    continue;
                }
                Optional<Found> box = store.flatMap(s -> s.child(name));
                if (box.isEmpty()) {
                    results.failure("assertion.missing", url, "no assertion at this URI");
                    continue;
                }
                if (!matches(uri, box.get(), claim)) {
                    results.failure("assertion.hashedURI.mismatch", url, "the assertion is not the one the claim signed");
                    continue;
                }
                results.success("assertion.hashedURI.match", url, "hashed URI matched");
                Listed assertion = new Listed(name, url, box.get(), data(box.get(), url, results));
                found.json().add(shown(assertion));
                String kind = kind(name);
                if (HARD_BINDINGS.contains(kind)) {
                    found.bindings().add(assertion);
                } else if (kind.startsWith("c2pa.ingredient") && assertion.data() != null) {
                    found.ingredients().add(assertion);
                } else if (kind.equals("c2pa.actions") || kind.equals("c2pa.actions.v2")) {
                    found.actions().add(assertion);
                }
            }
        }
        for (Found box : store.map(Found::children).orElse(List.of())) {
            String name = box.label().orElse("");
            if (!listed.contains(name)) {
                results.failure("assertion.undeclared", self + "/c2pa.assertions/" + name, "an assertion the claim does not list");
            }
        }
        return found;
    }

    /** 15.10.1.2 and 15.10.3.2.2: one hard binding, at most one parent, the first action created or opened. */
    private Optional<Bound> standard(Assertions assertions, String self, JsonNode claim, boolean v2, Results results) {
        long parents = assertions.ingredients().stream().filter(i -> "parentOf".equals(i.data().path("relationship").asText())).count();
        if (parents > 1) {
            results.failure("manifest.multipleParents", self, "the manifest names more than one parent ingredient");
        }
        if (v2) {
            actions(assertions, claim, results, self);
        }
        if (assertions.bindings().isEmpty()) {
            results.failure("claim.hardBindings.missing", self, "the claim lists no hard binding of the file's bytes");
            return Optional.empty();
        }
        if (assertions.bindings().size() > 1) {
            results.failure("assertion.multipleHardBindings", self, "the claim lists more than one hard binding");
            return Optional.empty();
        }
        Listed binding = assertions.bindings().getFirst();
        if (binding.data() == null) {
            results.failure("claim.hardBindings.missing", binding.url(), "the claim's hard binding cannot be read");
            return Optional.empty();
        }
        return Optional.of(new Bound(kind(binding.label()), binding.url(), binding.data(), claim));
    }

    private void actions(Assertions assertions, JsonNode claim, Results results, String self) {
        boolean begun = false;
        for (int i = 0; i < assertions.actions().size(); i++) {
            Listed listed = assertions.actions().get(i);
            JsonNode actions = listed.data() == null ? null : listed.data().path("actions");
            if (actions == null || !actions.isArray()) {
                results.failure("assertion.action.malformed", listed.url(), "the actions assertion has no actions");
                continue;
            }
            for (int j = 0; j < actions.size(); j++) {
                String action = actions.get(j).path("action").asText();
                boolean first = i == 0 && j == 0;
                if (action.equals("c2pa.created") || action.equals("c2pa.opened")) {
                    if (!first) {
                        results.failure("assertion.action.malformed", listed.url(), action + " is not the first action");
                    }
                    begun |= first;
                }
                if (action.equals("c2pa.opened") && !opensItsParent(actions.get(j), assertions.ingredients(), claim)) {
                    results.failure("assertion.action.ingredientMismatch", listed.url(), "c2pa.opened does not name one parent ingredient");
                }
            }
        }
        if (!begun) {
            results.failure("assertion.action.malformed", self, "the manifest's first action is neither c2pa.created nor c2pa.opened");
        }
    }

    /** Whether an opened action's ingredients are one hashed URI naming this manifest's parentOf ingredient. */
    private static boolean opensItsParent(JsonNode action, List<Listed> ingredients, JsonNode claim) {
        JsonNode named = action.path("parameters").path("ingredients");
        if (!named.isArray() || named.size() != 1) {
            return false;
        }
        String url = named.get(0).path("url").asText();
        return ingredients.stream().anyMatch(i -> url.endsWith("c2pa.assertions/" + i.label())
                && "parentOf".equals(i.data().path("relationship").asText()) && matches(named.get(0), i.box(), claim));
    }

    /** 15.11: an ingredient as JSON; its manifest, when it names one, found, matched and read in turn. */
    private Map<String, Object> ingredient(Listed ingredient, JsonNode claim, Results results, int depth) {
        JsonNode data = ingredient.data();
        String url = ingredient.url();
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("title", data.path("dc:title").asText(null));
        json.put("format", data.path("dc:format").asText(null));
        String relationship = data.path("relationship").asText(null);
        json.put("relationship", relationship);
        if (relationship == null || !RELATIONSHIPS.contains(relationship)) {
            results.failure("assertion.ingredient.malformed", url, "the ingredient's relationship is missing or unknown");
            return json;
        }
        boolean v3 = kind(ingredient.label()).equals("c2pa.ingredient.v3");
        JsonNode named = data.has("activeManifest") ? data.path("activeManifest") : data.path("c2pa_manifest");
        if (named.isMissingNode()) {
            if (!relationship.equals("inputTo")) {
                results.informational("ingredient.unknownProvenance", url, "the ingredient has no Content Credentials");
            }
            return json;
        }
        if (v3 && !data.has("validationResults")) {
            results.failure("assertion.ingredient.malformed", url, "the ingredient names a manifest without its validation results");
        }
        String manifestUrl = named.path("url").asText("");
        String label = manifestUrl.startsWith("self#jumbf=/c2pa/") ? manifestUrl.substring("self#jumbf=/c2pa/".length()) : "";
        Found manifest = manifests.get(label);
        json.put("active_manifest", label);
        if (manifest == null) {
            results.failure("ingredient.manifest.missing", url, "the ingredient's manifest is not in the store");
            return json;
        }
        if (!matches(named, manifest, data, claim)) {
            results.failure("ingredient.manifest.mismatch", url, "the ingredient's manifest is not the one named");
            return json;
        }
        results.success("ingredient.manifest.validated", url, "the ingredient's manifest is the one named");
        if (depth >= MAX_DEPTH) {
            results.failure("io.mediagate.ingredients.tooDeep", url, "ingredients more than " + MAX_DEPTH + " deep are not read");
            return json;
        }
        Results own = check(label, depth + 1).results();
        results.ingredient(own);
        json.put("validation_results", own.json());
        return json;
    }

    /**
     * The path inside the manifest labelled {@code label} that a JUMBF URI names ({@code self#jumbf=} followed by a path
     * relative to the manifest, or {@code /c2pa/<label>/...}); empty when it names anything outside that manifest.
     */
    private static Optional<List<String>> within(String url, String label) {
        if (!url.startsWith("self#jumbf=")) {
            return Optional.empty();
        }
        String path = url.substring("self#jumbf=".length());
        if (path.startsWith("/")) {
            String own = "/c2pa/" + label + "/";
            if (!path.startsWith(own)) {
                return Optional.empty();
            }
            path = path.substring(own.length());
        }
        List<String> segments = List.of(path.split("/", -1));
        return segments.stream().anyMatch(String::isEmpty) ? Optional.empty() : Optional.of(segments);
    }

    /** Whether a hashed URI's hash, by the algorithm 15.4.1 finds, is the digest of {@code box}'s payload. */
    private static boolean matches(JsonNode uri, Found box, JsonNode... enclosing) {
        JsonNode[] structures = new JsonNode[enclosing.length + 1];
        structures[0] = uri;
        System.arraycopy(enclosing, 0, structures, 1, enclosing.length);
        Optional<String> algorithm = Hashing.algorithm(structures);
        Optional<byte[]> hash = Hashing.bytes(uri.path("hash"));
        return algorithm.isPresent() && hash.isPresent() && MessageDigest.isEqual(hash.get(), box.digest(algorithm.get()));
    }

    /** An assertion's value: CBOR or JSON read (a malformed one is a failure), embedded data none. */
    private static JsonNode data(Found assertion, String url, Results results) {
        Optional<Found> content = content(assertion);
        if (content.isEmpty()) {
            return null;
        }
        switch (content.get().type()) {
            case "cbor" -> {
                Optional<JsonNode> value = cbor(content.get().payload());
                if (value.isEmpty()) {
                    results.failure("assertion.cbor.invalid", url, "the assertion is not well-formed CBOR");
                }
                return value.orElse(null);
            }
            case "json" -> {
                try {
                    return JSON.readTree(content.get().payload());
                } catch (IOException e) {
                    results.failure("assertion.json.invalid", url, "the assertion is not well-formed JSON");
                    return null;
                }
            }
            default -> {
                return null;
            }
        }
    }

    /** An assertion as the reading shows it: its label and value, the value left out past the reading's budget. */
    private Map<String, Object> shown(Listed assertion) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("label", assertion.label());
        int size = assertion.box().size();
        if (assertion.data() != null && size <= MAX_ASSERTION_DATA && shown + size <= MAX_DATA_BYTES) {
            shown += size;
            json.put("data", assertion.data());
        } else {
            json.put("data", null);
            if (assertion.data() != null) {
                json.put("data_omitted_bytes", size);
            }
        }
        return json;
    }

    /** An assertion's label without its instance suffix ({@code c2pa.ingredient.v3__1} is a {@code c2pa.ingredient.v3}). */
    private static String kind(String label) {
        int instance = label.indexOf("__");
        return instance < 0 ? label : label.substring(0, instance);
    }

    private static Map<String, Object> signatureInfo(CoseSign1.Parsed parsed) {
        X509Certificate signer = parsed.chain().getFirst();
        Map<String, Object> info = new LinkedHashMap<>();
        info.put("alg", parsed.alg());
        info.put("subject", signer.getSubjectX500Principal().getName());
        info.put("issuer", signer.getIssuerX500Principal().getName());
        info.put("cert_serial_number", HexFormat.of().formatHex(signer.getSerialNumber().toByteArray()));
        return info;
    }

    /** The content box of a superbox (its first box after the description). */
    private static Optional<Found> content(Found superbox) {
        return superbox.children().stream().findFirst();
    }

    private static Optional<JsonNode> cbor(byte[] bytes) {
        try {
            return Optional.ofNullable(CBOR.readTree(bytes));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
