package io.mediagate.media.provenance;

import io.mediagate.common.events.Provenance;
import io.mediagate.ffmpeg.Scratch;
import io.mediagate.media.storage.ObjectStore;
import io.mediagate.provenance.ContentCredentials;
import io.mediagate.provenance.Derivation;
import io.mediagate.provenance.manifest.Ingredient;
import io.mediagate.provenance.reading.Report;
import io.mediagate.provenance.reading.Trust;
import io.mediagate.provenance.reading.Verifier;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The Content Credentials (C2PA) of the files media-service keeps, read and validated ({@link Verifier}) with the
 * deployment's own signing chain as trusted (its {@code c2pa-signing-chain.pem}) and any further CAs the operator names
 * ({@code MEDIAGATE_C2PA_TRUST_ANCHORS}, a PEM file: the C2PA trust list, say). A media item keeps the summary of its
 * main file's reading ({@link Provenance}); {@code GET /v1/media/{id}/provenance} reads the file again, whole. The
 * thumbnail made here of an upload is signed as converted from it ({@link #signThumbnail}), with the deployment's
 * credential unless {@code MEDIAGATE_C2PA=off}.
 */
@Startup // signing on without a credential fails at start, saying so
@ApplicationScoped
public class Provenances {
    private static final Logger LOG = Logger.getLogger(Provenances.class);
    private final Verifier verifier;
    private final ObjectStore store;
    private final Optional<ContentCredentials> signer;

    Provenances(@ConfigProperty(name = "mediagate.c2pa.chain-location") Path chain,
                @ConfigProperty(name = "mediagate.c2pa.trust-anchors") Optional<Path> anchors, ObjectStore store, Clock clock,
                @ConfigProperty(name = "mediagate.c2pa.enabled") boolean signing,
                @ConfigProperty(name = "mediagate.c2pa.key-location") Path key,
                @ConfigProperty(name = "quarkus.application.version") String version) {
        this.signer = ContentCredentials.configured(signing, key, chain, false, version);
        List<Path> trusted = new ArrayList<>(List.of(chain));
        anchors.ifPresent(trusted::add);
        try {
            this.verifier = new Verifier(Trust.of(trusted), clock);
        } catch (IOException e) {
            throw new UncheckedIOException("a C2PA trust anchor file cannot be read", e);
        }
        this.store = store;
    }

    /**
     * Signs {@code thumbnail} (a JPEG made here from an upload, {@code source} of {@code mime}) in place as converted from
     * the upload, named {@code title}: its parent ingredient, whose own credentials, if any, the thumbnail's store carries.
     * The upload itself is never signed. Best effort: a thumbnail that cannot be signed is kept as it is.
     */
    public void signThumbnail(Path thumbnail, Path source, String mime, String title) {
        signer.ifPresent(s -> {
            try {
                Ingredient upload = s.ingredient(source, mime, Ingredient.PARENT_OF).titled(title);
                s.derived(Files.readAllBytes(thumbnail), "image/jpeg", Derivation.converted(upload), null)
                        .ifPresent(signed -> write(thumbnail, signed));
            } catch (IOException | UncheckedIOException e) {
                LOG.warnf("the thumbnail of %s is kept without Content Credentials: %s", title, e.toString());
            }
        });
    }

    private static void write(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The summary of {@code file}'s credentials ({@code mime}: its type). */
    public Provenance of(byte[] file, String mime) {
        return summary(verifier.read(file, mime));
    }

    /** The summary of the credentials of {@code file}, on disk. */
    public Provenance of(Path file, String mime) {
        try {
            return summary(verifier.read(file, mime));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The summary of the credentials of the object kept under {@code key}. */
    public Provenance ofStored(String key, String mime) {
        return stored(key, mime, (verifier, file) -> summary(verifier.read(file, mime)));
    }

    /** The whole reading of the object kept under {@code key}: every manifest, the validation results and state. */
    public Map<String, Object> report(String key, String mime) {
        return stored(key, mime, (verifier, file) -> verifier.read(file, mime).json());
    }

    private interface Reading<T> {
        T read(Verifier verifier, Path file) throws IOException;
    }

    private <T> T stored(String key, String mime, Reading<T> reading) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("provenance-");
            Path file = dir.resolve("file");
            store.download(key, file);
            return reading.read(verifier, file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Scratch.delete(dir);
        }
    }

    private static Provenance summary(Report report) {
        Report.Summary s = report.summary();
        return new Provenance(s.signed(), s.state(), s.signer(), s.generator(), s.signed() ? s.actions() : null, s.digitalSourceType(),
                s.signed() ? s.ingredients().stream().map(i -> new Provenance.Ingredient(i.title(), i.format(), i.relationship())).toList() : null);
    }
}
