package io.mediagate.routing.credentials;

import io.mediagate.provenance.ContentCredentials;
import io.mediagate.routing.providers.GeneratedImage;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Content Credentials (C2PA) on every generated image before it is kept or answered: signed with the deployment's
 * credential ({@code c2pa-signing-key.pem} and {@code c2pa-signing-chain.pem} beside the internal-token keys) as made
 * by the model and provider that served it, for the job. A provider's image that carries credentials of its own keeps
 * them untouched; formats without C2PA here (GIF, SVG) are kept as they are. {@code MEDIAGATE_C2PA=off} signs nothing;
 * {@code MEDIAGATE_C2PA_PROMPT=on} writes the prompt into the manifest too.
 */
@Startup // a deployment without its credential fails at start, saying so, not at its first image
@ApplicationScoped
public class Credentials {
    private final Optional<ContentCredentials> signer;

    Credentials(@ConfigProperty(name = "mediagate.c2pa.enabled") boolean enabled,
                @ConfigProperty(name = "mediagate.c2pa.key-location") Path key,
                @ConfigProperty(name = "mediagate.c2pa.chain-location") Path chain,
                @ConfigProperty(name = "mediagate.c2pa.prompt") boolean prompt,
                @ConfigProperty(name = "quarkus.application.version") String version) {
        this.signer = ContentCredentials.configured(enabled, key, chain, prompt, version);
    }

    /** The images as generated, each signed where it can be. */
    public List<GeneratedImage> created(List<GeneratedImage> images, ContentCredentials.Generation generation) {
        if (signer.isEmpty()) {
            return images;
        }
        return images.stream()
                .map(image -> signer.get().created(image.bytes(), image.mime(), generation).map(signed -> image.as(signed, image.mime()))
                        .orElse(image))
                .toList();
    }
}
