package io.mediagate.routing.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationEvent;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.events.Stats;
import io.mediagate.common.events.Topics;
import io.mediagate.common.tracing.Tracing;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes what a job's end sends into the outbox, inside the transaction that ends the job: the
 * {@code generation.events} record (usage charges it, catalog learns provider health, gateways free the
 * concurrency lease) and, when a gateway waits, the reply. {@link JobOutboxRelay} publishes them.
 */
@ApplicationScoped
public class JobOutbox {
    private final ObjectMapper json;
    private final Tracing tracing;

    JobOutbox(ObjectMapper json, Tracing tracing) {
        this.json = json;
        this.tracing = tracing;
    }

    @Transactional(Transactional.TxType.MANDATORY)
    public List<JobOutboxRow> queue(GenerationRequest request, GenerationReply reply, ReplyAddress replyTo, Instant now) {
        List<JobOutboxRow> rows = new ArrayList<>(2);
        rows.add(row(request.jobId(), Topics.GENERATION_EVENTS, null, event(request, reply, now), now));
        if (replyTo != null) {
            rows.add(row(request.jobId(), replyTo.topic(), replyTo.correlation(), reply, now));
        }
        rows.forEach(r -> r.persist());
        return rows;
    }

    /**
     * The {@code generation.events} record of a job that ends without having run (a batch's line cancelled or expired
     * before it began), so that what waits on every job's end (a spend reservation, the ledger) sees it end.
     */
    @Transactional(Transactional.TxType.MANDATORY)
    public JobOutboxRow queue(GenerationEvent ended, Instant now) {
        JobOutboxRow row = row(ended.jobId(), Topics.GENERATION_EVENTS, null, ended, now);
        row.persist();
        return row;
    }

    static GenerationEvent event(GenerationRequest request, GenerationReply reply, Instant now) {
        Stats stats = reply.stats();
        JobStatus status = reply.success() ? JobStatus.SUCCEEDED : reply.isCancelled() ? JobStatus.CANCELLED : JobStatus.FAILED;
        return new GenerationEvent(request.jobId(), request.userId(), request.kind(), status, request.model(),
                stats == null ? null : stats.providerId(), reply.price(), reply.data() == null ? 0 : reply.data().size(),
                stats == null || stats.attempts() == null ? List.of() : stats.attempts(), now, request.keyId(), request.batchId());
    }

    private JobOutboxRow row(String jobId, String topic, String correlation, Object payload, Instant now) {
        JobOutboxRow row = new JobOutboxRow();
        row.jobId = jobId;
        row.topic = topic;
        row.correlation = correlation;
        try {
            row.payload = json.writeValueAsString(payload);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise an outbox message", e);
        }
        row.createdAt = now;
        row.trace = tracing.current();
        return row;
    }
}
