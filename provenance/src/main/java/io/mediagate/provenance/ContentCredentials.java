package io.mediagate.provenance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.cbor.databind.CBORMapper;
import io.mediagate.provenance.cose.CoseSign1;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.formats.Embedding;
import io.mediagate.provenance.formats.Mp4;
import io.mediagate.provenance.manifest.Manifest;
import io.mediagate.provenance.manifest.Parent;
import io.mediagate.provenance.manifest.Store;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Signs what the suite makes with the deployment's C2PA credential: a generated file (an image, a video's main MP4
 * rendition) gets a manifest saying it was created by a trained model ({@code c2pa.actions.v2}: {@code c2pa.created}
 * with the IPTC digital source type {@value #TRAINED_ALGORITHMIC_MEDIA}); a file made from a signed one (another MP4
 * rendition, a still taken from the video) says it opened that file, its parent ingredient, and transcoded or converted
 * it. Every manifest names this software (the claim generator, each action's software agent) and carries Mediagate's own
 * assertion {@value #GENERATION}: the model, provider and job (the prompt only when the operator asks).
 */
public final class ContentCredentials {
    public static final String TRAINED_ALGORITHMIC_MEDIA = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";
    public static final String GENERATION = "io.mediagate.generation";
    private static final String GENERATOR = "Mediagate";
    private static final ObjectMapper CBOR = new CBORMapper();
    private final SigningKey key;
    private final String version;
    private final boolean withPrompt;

    /** What a generated file says of its making; {@code prompt} is written only where the operator turned that on. */
    public record Generation(String model, String provider, String job, String prompt) {}

    public ContentCredentials(SigningKey key, String version, boolean withPrompt) {
        this.key = key;
        this.version = version;
        this.withPrompt = withPrompt;
    }

    /**
     * The deployment's signer as a service's configuration gives it: none when signing is off ({@code MEDIAGATE_C2PA=off});
     * refused at once, saying where the credential belongs, when it is on and the key or chain cannot be read.
     */
    public static Optional<ContentCredentials> configured(boolean enabled, Path key, Path chain, boolean withPrompt, String version) {
        if (!enabled) {
            return Optional.empty();
        }
        try {
            return Optional.of(new ContentCredentials(SigningKey.read(key, chain), version, withPrompt));
        } catch (IOException e) {
            throw new UncheckedIOException("C2PA signing is on (MEDIAGATE_C2PA) but its credential cannot be read; "
                    + "mount it beside the internal-token keys (./mediagate keys DIR writes a development one)", e);
        }
    }

    /**
     * {@code file} signed as generated, or empty when its format carries no C2PA here, or the file carries Content
     * Credentials already (a provider's: kept as they are).
     */
    public Optional<byte[]> created(byte[] file, String mime, Generation generation) {
        Optional<Embedding> embedding = Embedding.of(mime).filter(e -> e.is(file) && !e.carries(file));
        return embedding.map(e -> e.sign(file, manifest(generation), key));
    }

    /**
     * {@code in}, a generated MP4, signed as created into {@code out}; false, and nothing written, when it is not a plain
     * MP4 ({@link Mp4}) or carries Content Credentials already.
     */
    public boolean created(Path in, Path out, Generation generation) throws IOException {
        if (!Mp4.is(in) || Mp4.store(in).isPresent()) {
            return false;
        }
        return signed(in, out, manifest(generation));
    }

    /**
     * {@code in}, an MP4 encoded from {@code parent} (an MP4 with Content Credentials), signed as such into {@code out}:
     * {@code c2pa.opened} (the parent, its manifests carried along) then {@code c2pa.transcoded}. False, and nothing
     * written, when the parent carries no credentials or {@code in} is not a plain MP4.
     */
    public boolean transcoded(Path in, Path out, Path parent, Generation generation) throws IOException {
        Optional<Parent> ingredient = parentOf(parent);
        if (ingredient.isEmpty() || !Mp4.is(in) || Mp4.store(in).isPresent()) {
            return false;
        }
        return signed(in, out, made(derived(ingredient.get(), "c2pa.transcoded"), generation));
    }

    /**
     * {@code still}, an image taken from {@code parent} (an MP4 with Content Credentials: a poster frame, a strip of
     * frames), signed as {@code c2pa.opened} (the video) then {@code c2pa.converted}; empty where the parent carries no
     * credentials or the image's format none here.
     */
    public Optional<byte[]> converted(byte[] still, String mime, Path parent, Generation generation) throws IOException {
        Optional<Embedding> embedding = Embedding.of(mime).filter(e -> e.is(still) && !e.carries(still));
        Optional<Parent> ingredient = parentOf(parent);
        if (embedding.isEmpty() || ingredient.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(embedding.get().sign(still, made(derived(ingredient.get(), "c2pa.converted"), generation), key));
    }

    /**
     * The parent ingredient of what is made from {@code mp4}, when it carries Content Credentials: its store, and what
     * was checked of it here (the claim's ES256 signature against the certificate it names, the file's BMFF hash).
     */
    static Optional<Parent> parentOf(Path mp4) throws IOException {
        Optional<byte[]> bytes = Mp4.store(mp4);
        if (bytes.isEmpty()) {
            return Optional.empty();
        }
        Store store;
        try {
            store = new Store(bytes.get());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        List<String> passed = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        boolean signed = store.claim().flatMap(claim -> store.signature().flatMap(s -> CoseSign1.verify(s, claim))).isPresent();
        (signed ? passed : failed).add(signed ? "claimSignature.validated" : "claimSignature.mismatch");
        Optional<byte[]> hash = store.assertion("c2pa.hash.bmff.v3").or(() -> store.assertion("c2pa.hash.bmff.v2"))
                .flatMap(ContentCredentials::hashOf);
        if (hash.isPresent()) {
            boolean bound = Mp4.hashes(mp4, hash.get());
            (bound ? passed : failed).add(bound ? "assertion.bmffHash.match" : "assertion.bmffHash.mismatch");
        }
        String title = mp4.getFileName() == null ? "video.mp4" : mp4.getFileName().toString();
        return Optional.of(new Parent(title, "video/mp4", store, passed, failed));
    }

    private static Optional<byte[]> hashOf(byte[] cbor) {
        try {
            JsonNode hash = CBOR.readTree(cbor).path("hash");
            return hash.isBinary() ? Optional.of(hash.binaryValue()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private boolean signed(Path in, Path out, Manifest manifest) throws IOException {
        try {
            Mp4.sign(in, out, manifest, key);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A manifest opening {@code parent} and doing {@code action} to it. */
    private Manifest derived(Parent parent, String action) {
        Manifest manifest = new Manifest(GENERATOR, version);
        Map<String, Object> opened = action("c2pa.opened");
        opened.put("parameters", Map.of("ingredients", List.of(manifest.parent(parent))));
        return actions(manifest, opened, action(action));
    }

    private Map<String, Object> action(String name) {
        Map<String, Object> action = new LinkedHashMap<>();
        action.put("action", name);
        action.put("softwareAgent", Map.of("name", GENERATOR, "version", version));
        return action;
    }

    @SafeVarargs
    private static Manifest actions(Manifest manifest, Map<String, Object>... actions) {
        return manifest.add("c2pa.actions.v2", Map.of("actions", List.of(actions)));
    }

    private Manifest manifest(Generation generation) {
        Map<String, Object> created = action("c2pa.created");
        created.put("digitalSourceType", TRAINED_ALGORITHMIC_MEDIA);
        return made(actions(new Manifest(GENERATOR, version), created), generation);
    }

    /** {@code manifest} with Mediagate's assertion of the model, provider and job (and the prompt where asked). */
    private Manifest made(Manifest manifest, Generation generation) {
        Map<String, Object> made = new LinkedHashMap<>();
        made.put("model", generation.model());
        made.put("provider", generation.provider());
        made.put("job", generation.job());
        if (withPrompt && generation.prompt() != null) {
            made.put("prompt", generation.prompt());
        }
        return manifest.add(GENERATION, made);
    }
}
