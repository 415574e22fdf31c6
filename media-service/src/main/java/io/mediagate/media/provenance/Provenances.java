package io.mediagate.media.provenance;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.Provenance;
import io.mediagate.ffmpeg.Scratch;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.records.ProvenanceReport;
import io.mediagate.media.storage.ObjectStore;
import io.mediagate.provenance.ContentCredentials;
import io.mediagate.provenance.Derivation;
import io.mediagate.provenance.manifest.Ingredient;
import io.mediagate.provenance.reading.Report;
import io.mediagate.provenance.reading.Trust;
import io.mediagate.provenance.reading.Verifier;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.Startup;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The Content Credentials (C2PA) of the files media-service keeps, read and validated ({@link Verifier}) with the
 * deployment's own signing chain as trusted (its {@code c2pa-signing-chain.pem}) and any further CAs the operator names
 * ({@code MEDIAGATE_C2PA_TRUST_ANCHORS}, a PEM file: the C2PA trust list, say). A file is read once, when its item is
 * kept ({@link Reading}): the item keeps the summary ({@link Provenance}) and the whole reading is kept beside it
 * ({@link ProvenanceReport}), which {@code GET /v1/media/{id}/provenance} answers without reading the file again. The
 * thumbnail made here of an upload is signed as converted from it ({@link #signThumbnail}), from that same reading,
 * with the deployment's credential unless {@code MEDIAGATE_C2PA=off}.
 */
@Startup // signing on without a credential fails at start, saying so
@ApplicationScoped
public class Provenances {
    private static final Logger LOG = Logger.getLogger(Provenances.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private final Verifier verifier;
    private final ObjectStore store;
    private final Optional<ContentCredentials> signer;

    /** A file's credentials as read once: the summary its item shows, the whole reading (JSON) and the reading itself. */
    public record Reading(Provenance summary, String report, Report read) {}

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
     * Signs {@code thumbnail} (a JPEG made here from an upload of {@code mime}, whose credentials are {@code upload}) in
     * place as converted from the upload, named {@code title}: its parent ingredient, whose own credentials, if any, the
     * thumbnail's store carries. The upload itself is never signed, nor read again. Best effort: a thumbnail that cannot
     * be signed is kept as it is.
     */
    public void signThumbnail(Path thumbnail, Reading upload, String mime, String title) {
        signer.ifPresent(s -> {
            try {
                Ingredient parent = ContentCredentials.ingredient(upload.read(), title, mime, Ingredient.PARENT_OF);
                s.derived(Files.readAllBytes(thumbnail), "image/jpeg", Derivation.converted(parent), null)
                        .ifPresent(signed -> write(thumbnail, signed));
            } catch (IOException | UncheckedIOException | IllegalArgumentException e) {
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

    /** The credentials of {@code file} ({@code mime}: its type). */
    public Reading read(byte[] file, String mime) {
        return reading(verifier.read(file, mime));
    }

    /** The credentials of {@code file}, on disk. */
    public Reading read(Path file, String mime) {
        try {
            return reading(verifier.read(file, mime));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The credentials of the object kept under {@code key}. */
    public Reading readStored(String key, String mime) {
        Path dir = null;
        try {
            dir = Files.createTempDirectory("provenance-");
            Path file = dir.resolve("file");
            store.download(key, file);
            return read(file, mime);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Scratch.delete(dir);
        }
    }

    /** Keeps {@code reading} as item {@code record}'s: its summary on the item, the whole reading beside it (in the caller's transaction). */
    public static void keep(MediaRecord record, Reading reading) {
        record.provenance = reading.summary();
        ProvenanceReport.keep(record.id, reading.report());
    }

    /**
     * The whole reading of {@code record}'s main file as it was kept. An item kept before readings were kept has its
     * file read now, once, and the reading kept.
     */
    public JsonNode report(MediaRecord record) {
        ProvenanceReport kept = QuarkusTransaction.requiringNew().call(() -> ProvenanceReport.findById(record.id));
        String report;
        if (kept != null) {
            report = kept.report;
        } else {
            report = readStored(record.objectKey, record.mime).report();
            QuarkusTransaction.requiringNew().run(() -> {
                if (MediaRecord.findById(record.id) != null) {
                    ProvenanceReport.keep(record.id, report);
                }
            });
        }
        try {
            return JSON.readTree(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the kept reading of " + record.id + " is not JSON", e);
        }
    }

    private static Reading reading(Report report) {
        Report.Summary s = report.summary();
        Provenance summary = new Provenance(s.signed(), s.state(), s.signer(), s.generator(), s.signed() ? s.actions() : null,
                s.digitalSourceType(), s.signed() ? s.ingredients().stream()
                .map(i -> new Provenance.Ingredient(i.title(), i.format(), i.relationship())).toList() : null);
        try {
            return new Reading(summary, JSON.writeValueAsString(report.json()), report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a reading that cannot be written as JSON", e);
        }
    }
}
