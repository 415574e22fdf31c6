package io.mediagate.routing.batches;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.batches.BatchesApi;
import io.mediagate.common.io.BoundedLines;
import io.quarkus.narayana.jta.QuarkusTransaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Keeps a batch the gateway has read and parsed: the batch and all its lines in one transaction, so that a batch is
 * there whole or not at all. Idempotent on the batch's id: the gateway's retry of a creation gets the batch it made.
 */
@ApplicationScoped
class BatchIntake {
    /** A line of the creation body: a parsed request, far under this. */
    private static final int MAX_LINE = 4 * 1024 * 1024;
    private static final int FLUSH_EVERY = 500;
    private final ObjectMapper json;
    private final Clock clock;
    private final BatchEnded ended;
    /** How long a batch has to run before it expires: {@value BatchesApi#WINDOW}, shorter where an operator (a test) sets it. */
    private final Duration window;

    BatchIntake(ObjectMapper json, Clock clock, BatchEnded ended, @ConfigProperty(name = "mediagate.batches.window") Duration window) {
        this.window = window;
        this.json = json;
        this.clock = clock;
        this.ended = ended;
    }

    BatchRecord keep(String owner, String tier, InputStream body) {
        try (BoundedLines lines = new BoundedLines(body, MAX_LINE)) {
            byte[] first = lines.next();
            if (first == null) {
                throw ApiException.invalid(null, "the batch command is missing");
            }
            BatchesApi.Create create = json.readValue(first, BatchesApi.Create.class);
            BatchRecord existing = QuarkusTransaction.requiringNew().call(() -> BatchRecord.<BatchRecord>findById(create.id()));
            if (existing != null) {
                return existing;
            }
            return QuarkusTransaction.requiringNew().timeout(600).call(() -> store(owner, tier, create, lines));
        } catch (JsonProcessingException e) {
            throw ApiException.invalid(null, "the batch body is not what the gateway sends");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private BatchRecord store(String owner, String tier, BatchesApi.Create create, BoundedLines lines) throws IOException {
        Instant now = Instant.now(clock).truncatedTo(ChronoUnit.MICROS);
        BatchRecord batch = new BatchRecord();
        batch.id = create.id();
        batch.userId = owner;
        batch.keyId = create.keyId();
        batch.tier = tier;
        batch.endpoint = create.endpoint();
        batch.inputFileId = create.inputFileId();
        batch.completionWindow = create.completionWindow();
        batch.metadata = create.metadata() == null ? null : json.writeValueAsString(create.metadata());
        batch.webhookUrl = create.webhookUrl();
        batch.budget = create.budget();
        batch.outputExpiresAfter = create.outputExpiresAfter();
        batch.reserved = create.reserved();
        batch.spent = BigDecimal.ZERO;
        batch.createdAt = now;
        batch.expiresAt = now.plus(window);
        if (create.errors() != null && !create.errors().isEmpty()) {
            batch.status = BatchStatus.FAILED;
            batch.errors = json.writeValueAsString(create.errors());
            batch.failedAt = now;
            batch.persist();
            ended.tell(batch);
            return batch;
        }
        batch.status = BatchStatus.IN_PROGRESS;
        batch.inProgressAt = now;
        batch.persist();
        int count = 0;
        byte[] raw;
        while ((raw = lines.next()) != null) {
            BatchesApi.Line line = json.readValue(raw, BatchesApi.Line.class);
            BatchLineRecord row = new BatchLineRecord();
            row.batchId = batch.id;
            row.line = line.line();
            row.customId = line.customId();
            row.requestId = "req_" + UUID.randomUUID().toString().replace("-", "");
            if (line.refused() != null) {
                row.status = BatchLineRecord.FAILED;
                row.response = OutputLines.answered(json, line.customId(), row.requestId, line.refused().status(), line.refused().body());
                batch.failed++;
            } else {
                row.status = BatchLineRecord.PENDING;
                row.jobId = line.request().jobId();
                row.worst = line.worst();
                row.request = json.writeValueAsString(line.request());
            }
            row.persist();
            if (++count % FLUSH_EVERY == 0) {
                BatchLineRecord.getEntityManager().flush();
                BatchLineRecord.getEntityManager().clear();
                batch = BatchRecord.getEntityManager().merge(batch);
            }
        }
        if (count != create.lines()) {
            throw ApiException.invalid(null, "the batch body was cut short: " + count + " of " + create.lines() + " lines");
        }
        batch.total = count;
        return batch;
    }
}
