package io.mediagate.pipeline.signing;

import io.mediagate.common.events.VideoWork;
import io.mediagate.provenance.ContentCredentials;
import io.mediagate.provenance.Derivation;
import io.mediagate.provenance.manifest.Ingredient;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Content Credentials (C2PA) on a video's files before they are staged, each signed in place with the deployment's
 * credential: the main MP4 rendition as created by the job's model and provider (as transcoded from the provider's file
 * when that carries credentials of its own; as resized or edited from the caller's source video, its parent, when the job
 * had one), every other MP4 rendition as
 * transcoded from it, the poster and the preview strip as converted from the rendition they were taken from (each naming
 * its source as parent ingredient). WebM and HLS carry none (C2PA has no binding for them that readers check). A file that
 * cannot be signed (a provider's own credentials kept by a remux, a layout not signed here) is kept as it is, and said.
 * {@code MEDIAGATE_C2PA=off} signs nothing.
 */
@Startup // a deployment without its credential fails at start, saying so, not at its first video
@ApplicationScoped
public class RenditionSigning {
    private static final Logger LOG = Logger.getLogger(RenditionSigning.class);
    private final Optional<ContentCredentials> signer;

    RenditionSigning(@ConfigProperty(name = "mediagate.c2pa.enabled") boolean enabled,
                @ConfigProperty(name = "mediagate.c2pa.key-location") Path key,
                @ConfigProperty(name = "mediagate.c2pa.chain-location") Path chain,
                @ConfigProperty(name = "mediagate.c2pa.prompt") boolean prompt,
                @ConfigProperty(name = "quarkus.application.version") String version) {
        this.signer = ContentCredentials.configured(enabled, key, chain, prompt, version);
    }

    /**
     * The main rendition {@code mp4} signed in place as generated for {@code work}: made from {@code parent}, the caller's
     * source video (null: none), as the work says ({@code c2pa.resized} by an upscale, else {@code c2pa.edited}; the parent
     * named by its media id); else created by the model, or, when the provider's file {@code source} carries Content
     * Credentials of its own, transcoded from it (its parent, whose manifest is carried: a verifier sees the provider's claim
     * and ours).
     */
    public void generated(Path mp4, Path source, Path parent, VideoWork work) {
        signer.ifPresent(s -> inPlace(mp4, work, signed -> {
            if (parent != null) {
                VideoWork.Parent made = work.derived().parent();
                Ingredient from = s.ingredient(parent, made.key().endsWith(".webm") ? "video/webm" : "video/mp4", made.id(),
                        Ingredient.PARENT_OF);
                return s.derived(mp4, signed, "c2pa.resized".equals(made.action()) ? Derivation.resized(from)
                        : Derivation.edited(from, List.of()), generation(work));
            }
            Ingredient providers = s.ingredient(source, "video/mp4", Ingredient.PARENT_OF);
            return providers.store().isPresent() ? s.derived(mp4, signed, Derivation.transcoded(providers), generation(work))
                    : s.created(mp4, signed, generation(work));
        }));
    }

    /** The rendition {@code mp4} signed in place as transcoded from {@code parent} (a signed rendition). */
    public void transcoded(Path mp4, Path parent, VideoWork work) {
        signer.ifPresent(s -> inPlace(mp4, work, signed -> s.transcoded(mp4, signed, parent, generation(work))));
    }

    /** The still {@code image} ({@code mime}) signed in place as converted from {@code parent} (a signed rendition). */
    public void converted(Path image, String mime, Path parent, VideoWork work) {
        signer.ifPresent(s -> inPlace(image, work, signed -> {
            Optional<byte[]> made = s.converted(Files.readAllBytes(image), mime, parent, generation(work));
            if (made.isPresent()) {
                Files.write(signed, made.get());
            }
            return made.isPresent();
        }));
    }

    private interface Signing {
        boolean into(Path signed) throws IOException;
    }

    private static void inPlace(Path file, VideoWork work, Signing signing) {
        Path signed = file.resolveSibling(file.getFileName() + ".signed");
        try {
            if (signing.into(signed)) {
                Files.move(signed, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } else {
                Files.deleteIfExists(signed);
                LOG.infof("job %s: %s kept without Content Credentials of ours (it carries its own, or its layout is not signed here)",
                        work.jobId(), file.getFileName());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ContentCredentials.Generation generation(VideoWork work) {
        return new ContentCredentials.Generation(work.modelSlug(), work.providerId(), work.jobId(), work.prompt());
    }
}
