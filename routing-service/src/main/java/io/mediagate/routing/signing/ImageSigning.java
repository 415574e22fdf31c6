package io.mediagate.routing.signing;

import io.mediagate.common.events.ImageSources;
import io.mediagate.provenance.ContentCredentials;
import io.mediagate.provenance.Derivation;
import io.mediagate.provenance.manifest.Ingredient;
import io.mediagate.routing.providers.GeneratedImage;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Content Credentials (C2PA) on every generated image before it is kept or answered: signed with the deployment's
 * credential ({@code c2pa-signing-key.pem} and {@code c2pa-signing-chain.pem} beside the internal-token keys) as made
 * by the model and provider that served it, for the job ({@link #signed}). A provider's image that carries credentials of
 * its own keeps them untouched, or is named as the parent of the image re-encoded from it; formats without C2PA here
 * (GIF, SVG) are kept as they are. {@code MEDIAGATE_C2PA=off} signs nothing;
 * {@code MEDIAGATE_C2PA_PROMPT=on} writes the prompt into the manifest too.
 */
@Startup // a deployment without its credential fails at start, saying so, not at its first image
@ApplicationScoped
public class ImageSigning {
    private final Optional<ContentCredentials> signer;

    ImageSigning(@ConfigProperty(name = "mediagate.c2pa.enabled") boolean enabled,
                @ConfigProperty(name = "mediagate.c2pa.key-location") Path key,
                @ConfigProperty(name = "mediagate.c2pa.chain-location") Path chain,
                @ConfigProperty(name = "mediagate.c2pa.prompt") boolean prompt,
                @ConfigProperty(name = "quarkus.application.version") String version) {
        this.signer = ContentCredentials.configured(enabled, key, chain, prompt, version);
    }

    /** A source of an edit or variation as the credentials name it: its media id, its bytes and type. */
    public record Source(String id, byte[] bytes, String mime) {}

    /**
     * The images as delivered ({@code delivered}, from {@code provided}, the provider's own: the same or re-encoded as
     * asked), each signed where it can be, saying how it was made: an image the provider signed and that is delivered as it
     * came keeps its credentials untouched; one re-encoded from a provider's signed image is converted from it (its
     * parent, whose manifest is carried); an edit or variation is edited from its first source (its parent) with the
     * other sources and the mask as inputs to the model; anything else is created by the model. {@code sources}: empty
     * for a generation.
     */
    public List<GeneratedImage> signed(List<GeneratedImage> provided, List<GeneratedImage> delivered, List<Source> sources,
                                       ContentCredentials.Generation generation) {
        return signed(provided, delivered, sources, null, generation);
    }

    /**
     * As {@link #signed(List, List, List, ContentCredentials.Generation)}, for the sources' {@code operation}: an upscale is
     * resized from its picture ({@code c2pa.resized}); any other operation on sources (an edit, a variation, a background
     * removal, a generation from references) is edited from them.
     */
    public List<GeneratedImage> signed(List<GeneratedImage> provided, List<GeneratedImage> delivered, List<Source> sources,
                                       String operation, ContentCredentials.Generation generation) {
        if (signer.isEmpty()) {
            return delivered;
        }
        ContentCredentials credentials = signer.get();
        List<GeneratedImage> signed = new ArrayList<>(delivered.size());
        for (int i = 0; i < delivered.size(); i++) {
            GeneratedImage image = delivered.get(i);
            GeneratedImage original = i < provided.size() ? provided.get(i) : image;
            Ingredient providers = credentials.ingredient(original.bytes(), original.mime(), "image " + (i + 1), Ingredient.PARENT_OF);
            Optional<byte[]> made;
            if (image != original && providers.store().isPresent()) {
                made = credentials.derived(image.bytes(), image.mime(), Derivation.converted(providers), generation);
            } else if (!sources.isEmpty()) {
                made = credentials.derived(image.bytes(), image.mime(), ImageSources.UPSCALE.equals(operation)
                        ? Derivation.resized(credentials.ingredient(sources.getFirst().bytes(), sources.getFirst().mime(), sources.getFirst().id(),
                                Ingredient.PARENT_OF)) : edited(credentials, sources), generation);
            } else {
                made = credentials.created(image.bytes(), image.mime(), generation);
            }
            signed.add(made.map(bytes -> image.as(bytes, image.mime())).orElse(image));
        }
        return signed;
    }

    private static Derivation edited(ContentCredentials credentials, List<Source> sources) {
        List<Ingredient> read = sources.stream()
                .map(s -> credentials.ingredient(s.bytes(), s.mime(), s.id(), Ingredient.INPUT_TO)).toList();
        return Derivation.edited(read.getFirst(), read.subList(1, read.size()));
    }
}
