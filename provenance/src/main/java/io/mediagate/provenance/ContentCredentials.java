package io.mediagate.provenance;

import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.formats.Embedding;
import io.mediagate.provenance.formats.Mp4;
import io.mediagate.provenance.manifest.Manifest;
import io.mediagate.provenance.manifest.Ingredient;
import io.mediagate.provenance.reading.Report;
import io.mediagate.provenance.reading.Trust;
import io.mediagate.provenance.reading.Verifier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Clock;
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
    private final SigningKey key;
    private final Verifier verifier;
    private final String version;
    private final boolean withPrompt;

    /** What a generated file says of its making; {@code prompt} is written only where the operator turned that on. */
    public record Generation(String model, String provider, String job, String prompt) {}

    public ContentCredentials(SigningKey key, String version, boolean withPrompt) {
        this.key = key;
        this.verifier = new Verifier(new Trust(List.of(key.chain().getLast())), Clock.systemUTC());
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
        return signable(file, mime).map(e -> e.sign(file, manifest(generation), key));
    }

    /** The embedding of {@code file} when it is of its type and carries no manifest; none for a file broken where one would be. */
    private static Optional<Embedding> signable(byte[] file, String mime) {
        try {
            return Embedding.of(mime).filter(e -> e.is(file) && !e.carries(file));
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return Optional.empty();
        }
    }

    /**
     * {@code in}, a generated MP4, signed as created into {@code out}; false, and nothing written, when it is not a plain
     * MP4 ({@link Mp4}) or carries Content Credentials already.
     */
    public boolean created(Path in, Path out, Generation generation) throws IOException {
        return signed(in, out, manifest(generation));
    }

    /**
     * What {@code file} ({@code mime}) is as an ingredient of what is made from it: its credentials, if it carries any,
     * read and validated here, the results recorded with it.
     */
    public Ingredient ingredient(byte[] file, String mime, String title, String relationship) {
        return ingredient(verifier.read(file, mime), title, mime, relationship);
    }

    /** As {@link #ingredient(byte[], String, String, String)} for a file on disk (an MP4 is not read into memory). */
    public Ingredient ingredient(Path file, String mime, String relationship) throws IOException {
        return ingredient(file, mime, file.getFileName() == null ? "file" : file.getFileName().toString(), relationship);
    }

    /** As {@link #ingredient(Path, String, String)}, named {@code title} (a media id, say). */
    public Ingredient ingredient(Path file, String mime, String title, String relationship) throws IOException {
        return ingredient(verifier.read(file, mime), title, mime, relationship);
    }

    /**
     * The ingredient a reading makes (of a file read before, not read again): its store carried when it could be read,
     * with the codes its checks gave.
     */
    public static Ingredient ingredient(Report reading, String title, String mime, String relationship) {
        if (reading.store().isEmpty()) {
            return Ingredient.unsigned(title, mime, relationship);
        }
        return new Ingredient(title, mime, relationship, reading.store(), reading.codes("success").stream().distinct().toList(),
                reading.codes("failure").stream().distinct().toList());
    }

    /**
     * {@code in}, an MP4 encoded from {@code parent} (an MP4 with Content Credentials), signed as such into {@code out}:
     * {@code c2pa.opened} (the parent, its manifests carried along) then {@code c2pa.transcoded}. False, and nothing
     * written, when the parent carries no credentials or {@code in} is not a plain MP4.
     */
    public boolean transcoded(Path in, Path out, Path parent, Generation generation) throws IOException {
        Ingredient ingredient = ingredient(parent, "video/mp4", Ingredient.PARENT_OF);
        return ingredient.store().isPresent() && derived(in, out, Derivation.transcoded(ingredient), generation);
    }

    /**
     * {@code still}, an image taken from {@code parent} (an MP4 with Content Credentials: a poster frame, a strip of
     * frames), signed as {@code c2pa.opened} (the video) then {@code c2pa.converted}; empty where the parent carries no
     * credentials or the image's format none here.
     */
    public Optional<byte[]> converted(byte[] still, String mime, Path parent, Generation generation) throws IOException {
        Ingredient ingredient = ingredient(parent, "video/mp4", Ingredient.PARENT_OF);
        return ingredient.store().isPresent() ? derived(still, mime, Derivation.converted(ingredient), generation) : Optional.empty();
    }

    /**
     * {@code file}, an image made from others as {@code derivation} says, signed so: {@code c2pa.opened} (its parent) then
     * the derivation's action naming the further inputs, and {@code generation} (null for a file no model took part in,
     * as the thumbnail of an upload). Empty when its format carries no C2PA here, or it carries credentials already.
     */
    public Optional<byte[]> derived(byte[] file, String mime, Derivation derivation, Generation generation) {
        return signable(file, mime).map(e -> e.sign(file, made(derived(derivation), generation), key));
    }

    /** {@code in}, an MP4 made as {@code derivation} says, signed so into {@code out}; false, and nothing written, where it cannot be. */
    public boolean derived(Path in, Path out, Derivation derivation, Generation generation) throws IOException {
        return signed(in, out, made(derived(derivation), generation));
    }

    /** {@code in} signed with {@code manifest} into {@code out}, when it is a plain MP4 that carries no manifest yet. */
    private boolean signed(Path in, Path out, Manifest manifest) throws IOException {
        try {
            if (!Mp4.is(in) || !Mp4.stores(in).isEmpty()) {
                return false;
            }
            Mp4.sign(in, out, manifest, key);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    /** A manifest opening the derivation's parent and doing its action, which names the further inputs. */
    private Manifest derived(Derivation derivation) {
        Manifest manifest = new Manifest(GENERATOR, version);
        Map<String, Object> opened = action("c2pa.opened");
        opened.put("parameters", Map.of("ingredients", List.of(manifest.ingredient(derivation.parent().as(Ingredient.PARENT_OF)))));
        Map<String, Object> done = action(derivation.action());
        if (derivation.digitalSourceType() != null) {
            done.put("digitalSourceType", derivation.digitalSourceType());
        }
        if (!derivation.inputs().isEmpty()) {
            done.put("parameters", Map.of("ingredients", derivation.inputs().stream()
                    .map(input -> manifest.ingredient(input.as(Ingredient.INPUT_TO))).toList()));
        }
        return actions(manifest, opened, done);
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
        if (generation == null) { // made by no model: a still of an upload
            return manifest;
        }
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
