package io.mediagate.provenance;

import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.formats.Embedding;
import io.mediagate.provenance.manifest.Manifest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Signs what the suite makes with the deployment's C2PA credential: a generated file gets a manifest saying it was
 * created by a trained model ({@code c2pa.actions.v2}: {@code c2pa.created} with the IPTC digital source type
 * {@value #TRAINED_ALGORITHMIC_MEDIA}), made by this software (the claim generator and the action's software agent), and
 * Mediagate's own assertion {@value #GENERATION}: the model, provider and job (the prompt only when the operator asks).
 */
public final class ContentCredentials {
    public static final String TRAINED_ALGORITHMIC_MEDIA = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";
    public static final String GENERATION = "io.mediagate.generation";
    private static final String GENERATOR = "Mediagate";
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
     * {@code file} signed as generated, or empty when its format carries no C2PA here, or the file carries Content
     * Credentials already (a provider's: kept as they are).
     */
    public Optional<byte[]> created(byte[] file, String mime, Generation generation) {
        Optional<Embedding> embedding = Embedding.of(mime).filter(e -> e.is(file) && !e.carries(file));
        return embedding.map(e -> e.sign(file, manifest(generation), key));
    }

    private Manifest manifest(Generation generation) {
        Map<String, Object> agent = Map.of("name", GENERATOR, "version", version);
        Map<String, Object> created = new LinkedHashMap<>();
        created.put("action", "c2pa.created");
        created.put("digitalSourceType", TRAINED_ALGORITHMIC_MEDIA);
        created.put("softwareAgent", agent);
        Map<String, Object> made = new LinkedHashMap<>();
        made.put("model", generation.model());
        made.put("provider", generation.provider());
        made.put("job", generation.job());
        if (withPrompt && generation.prompt() != null) {
            made.put("prompt", generation.prompt());
        }
        return new Manifest(GENERATOR, version)
                .add("c2pa.actions.v2", Map.of("actions", List.of(created)))
                .add(GENERATION, made);
    }
}
