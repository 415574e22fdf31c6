package io.mediagate.routing.batches;

import io.mediagate.ffmpeg.Scratch;
import io.mediagate.routing.media.MediaClient;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * A finalizing batch's last step: its output file (the lines that succeeded) and error file (the rest), in file order,
 * kept by media-service for the batch's owner, then its end: {@code cancelled} if it was cancelled, {@code expired} if
 * its window passed, else {@code completed}. The files' ids are derived from the batch's, so a finalization repeated
 * after a crash keeps the same files once.
 */
@ApplicationScoped
class BatchFiles {
    private static final int PAGE = 1000;
    private final MediaClient media;
    private final Clock clock;
    private final BatchEnded ended;

    BatchFiles(MediaClient media, Clock clock, BatchEnded ended) {
        this.media = media;
        this.clock = clock;
        this.ended = ended;
    }

    void finish(String id) {
        BatchRecord batch = QuarkusTransaction.requiringNew().call(() -> BatchRecord.<BatchRecord>findById(id));
        if (batch == null || !BatchStatus.FINALIZING.equals(batch.status)) {
            return;
        }
        Path output = null;
        Path errors = null;
        try {
            output = Files.createTempFile("batch-output-", ".jsonl");
            errors = Files.createTempFile("batch-errors-", ".jsonl");
            int[] counts = write(id, output, errors);
            String outputId = counts[0] == 0 ? null : fileId(id, "output");
            String errorId = counts[1] == 0 ? null : fileId(id, "errors");
            if (outputId != null) {
                media.keepOutputFile(outputId, batch.userId, id + "_output.jsonl", counts[0], batch.outputExpiresAfter, output);
            }
            if (errorId != null) {
                media.keepOutputFile(errorId, batch.userId, id + "_errors.jsonl", counts[1], batch.outputExpiresAfter, errors);
            }
            QuarkusTransaction.requiringNew().run(() -> end(id, outputId, errorId));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            Scratch.delete(output);
            Scratch.delete(errors);
        }
    }

    private void end(String id, String outputId, String errorId) {
        BatchRecord batch = BatchRecord.findById(id, LockModeType.PESSIMISTIC_WRITE);
        if (!BatchStatus.FINALIZING.equals(batch.status)) {
            return;
        }
        Instant now = clock.instant();
        batch.outputFileId = outputId;
        batch.errorFileId = errorId;
        if (batch.cancellingAt != null) {
            batch.status = BatchStatus.CANCELLED;
            batch.cancelledAt = now;
        } else if (batch.expiredAt != null) {
            batch.status = BatchStatus.EXPIRED;
        } else {
            batch.status = BatchStatus.COMPLETED;
            batch.completedAt = now;
        }
        ended.tell(batch);
    }

    /** Writes the ended lines in file order; answers how many went to each file. */
    private static int[] write(String id, Path output, Path errors) throws IOException {
        int[] counts = new int[2];
        try (BufferedWriter out = Files.newBufferedWriter(output, StandardCharsets.UTF_8);
             BufferedWriter err = Files.newBufferedWriter(errors, StandardCharsets.UTF_8)) {
            int after = 0;
            while (true) {
                int from = after;
                List<BatchLineRecord> page = QuarkusTransaction.requiringNew().call(() -> BatchLineRecord.<BatchLineRecord>find(
                        "batchId = ?1 and line > ?2 order by line", id, from).page(0, PAGE).list());
                for (BatchLineRecord line : page) {
                    boolean ok = OutputLines.succeeded(line.status);
                    (ok ? out : err).write(line.response);
                    (ok ? out : err).write('\n');
                    counts[ok ? 0 : 1]++;
                    after = line.line;
                }
                if (page.size() < PAGE) {
                    return counts;
                }
            }
        }
    }

    private static String fileId(String batchId, String which) {
        return "file_" + UUID.nameUUIDFromBytes((batchId + ":" + which).getBytes(StandardCharsets.UTF_8)).toString().replace("-", "");
    }
}
