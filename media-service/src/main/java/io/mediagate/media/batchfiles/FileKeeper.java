package io.mediagate.media.batchfiles;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.io.CappedInputStream;
import io.mediagate.common.media.FilesApi;
import io.mediagate.common.tier.Tier;
import io.mediagate.ffmpeg.Scratch;
import io.mediagate.media.quota.StorageQuota;
import io.mediagate.media.records.BatchFileRecord;
import io.mediagate.media.storage.ObjectStore;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Keeps a file: its bytes written to disk as they arrive (at most {@link FilesApi#MAX_BYTES}), put in the bucket under
 * {@code files/}, then its row. A caller's upload counts against the storage quota ({@code limits}); a batch's output,
 * written for its owner by routing, is kept whatever the quota (the work is done and paid for).
 */
@ApplicationScoped
class FileKeeper {
    private final ObjectStore store;
    private final StorageQuota quota;
    private final Clock clock;

    FileKeeper(ObjectStore store, StorageQuota quota, Clock clock) {
        this.store = store;
        this.quota = quota;
        this.clock = clock;
    }

    /** What to keep: {@code limits} null for a file kept whatever the quota. */
    record Keep(String id, String owner, String purpose, String filename, int lines, Duration lifetime, Tier.Limits limits) {}

    BatchFileRecord keep(Keep what, InputStream body) {
        java.nio.file.Path scratch = null;
        try {
            scratch = Files.createTempFile("mediagate-file-", ".jsonl");
            long bytes;
            try (InputStream in = new CappedInputStream(body, FilesApi.MAX_BYTES, () -> new ApiException(
                    ErrorCode.PAYLOAD_TOO_LARGE, "files are limited to " + FilesApi.MAX_BYTES + " bytes", "file"))) {
                bytes = Files.copy(in, scratch, StandardCopyOption.REPLACE_EXISTING);
            }
            if (bytes == 0) {
                throw ApiException.invalid("file", "the file is empty");
            }
            if (what.limits() != null) {
                QuarkusTransaction.requiringNew().run(() -> quota.check(what.owner(), bytes, what.limits()));
            }
            Instant now = Instant.now(clock).truncatedTo(ChronoUnit.MICROS); // pages are in this order; the object shows seconds
            BatchFileRecord file = new BatchFileRecord();
            file.id = what.id();
            file.ownerId = what.owner();
            file.filename = what.filename();
            file.purpose = what.purpose();
            file.bytes = bytes;
            file.lines = what.lines();
            file.objectKey = "files/" + file.id + ".jsonl";
            file.createdAt = now;
            file.expiresAt = now.plus(what.lifetime());
            store.put(file.objectKey, FilesApi.JSONL, scratch);
            QuarkusTransaction.requiringNew().run(() -> {
                if (what.limits() != null) {
                    quota.check(what.owner(), bytes, what.limits()); // again, now that the bytes are in: two uploads at once
                }
                file.persist();
            });
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Scratch.delete(scratch);
        }
    }
}
