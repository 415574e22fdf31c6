package io.mediagate.routing.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.routing.messaging.ReplyAddress;
import io.mediagate.routing.webhooks.Webhooks;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/** Job persistence: the record that makes a redelivered request idempotent and survives crashes. */
@ApplicationScoped
public class Jobs {
    private final ObjectMapper json;
    private final Webhooks webhooks;
    private final Clock clock;

    Jobs(ObjectMapper json, Webhooks webhooks, Clock clock) {
        this.json = json;
        this.webhooks = webhooks;
        this.clock = clock;
    }

    /** The stored reply of a job that already finished, if any. */
    @Transactional
    public Optional<GenerationReply> finishedReply(String jobId) {
        JobRecord job = JobRecord.findById(jobId);
        if (job == null || !JobStatus.finished(job.status) || job.reply == null) {
            return Optional.empty();
        }
        return Optional.of(read(job.reply, GenerationReply.class));
    }

    /** Records the job as running (creating it on first sight). */
    @Transactional
    public void start(GenerationRequest request) {
        start(request, null, null);
    }

    /**
     * Records the job as running at {@code stage} (creating it on first sight), and where its answer goes.
     * Returns false when the job already went past generation (a redelivered request of a video job that
     * the pipeline holds now): nothing is to be done again.
     */
    @Transactional
    public boolean start(GenerationRequest request, String stage, ReplyAddress replyTo) {
        JobRecord job = JobRecord.findById(request.jobId());
        if (job != null && job.stage != null && !Stage.GENERATING.equals(job.stage)) {
            return false;
        }
        Instant now = Instant.now(clock);
        if (job == null) {
            job = new JobRecord();
            job.id = request.jobId();
            job.userId = request.userId();
            job.kind = request.kind().wire();
            job.request = write(request);
            job.createdAt = now;
        }
        job.status = JobStatus.RUNNING;
        job.stage = stage;
        if (replyTo != null) {
            job.replyTopic = replyTo.topic();
            job.replyCorrelation = replyTo.correlation();
        }
        job.updatedAt = now;
        job.persist();
        return true;
    }

    /** Moves an unfinished job on to {@code stage}; progress never goes back. False if the job is finished or unknown. */
    @Transactional
    public boolean advance(String jobId, String stage, int progress) {
        JobRecord job = JobRecord.findById(jobId);
        if (job == null || JobStatus.finished(job.status) || job.progress > progress) {
            return false;
        }
        job.stage = stage;
        job.progress = progress;
        job.updatedAt = Instant.now(clock);
        return true;
    }

    /** The request and reply address of a job, for finishing it where it was not started. */
    @Transactional
    public Optional<Started> started(String jobId) {
        JobRecord job = JobRecord.findById(jobId);
        return job == null ? Optional.empty() : Optional.of(started(job));
    }

    /** Ends an unfinished job as cancelled with {@code reply}; empty when it had already finished. */
    @Transactional
    public Optional<Started> cancel(String jobId, GenerationReply reply) {
        JobRecord job = JobRecord.findById(jobId);
        if (job == null || JobStatus.finished(job.status)) {
            return Optional.empty();
        }
        job.status = JobStatus.CANCELLED;
        job.reply = write(reply);
        job.updatedAt = Instant.now(clock);
        return Optional.of(started(job));
    }

    public record Started(GenerationRequest request, ReplyAddress replyTo, String status) {}

    private Started started(JobRecord job) {
        ReplyAddress address = job.replyTopic == null ? null : new ReplyAddress(job.replyTopic, job.replyCorrelation);
        return new Started(read(job.request, GenerationRequest.class), address, job.status);
    }

    /** Stores the outcome; returns false if another delivery finished the job first. */
    @Transactional
    public boolean finish(String jobId, GenerationReply reply) {
        JobRecord job = JobRecord.findById(jobId);
        if (job == null || JobStatus.finished(job.status)) {
            return false;
        }
        job.status = reply.success() ? JobStatus.SUCCEEDED : JobStatus.FAILED;
        if (reply.success()) {
            job.progress = 100;
        }
        job.updatedAt = Instant.now(clock);
        GenerationRequest request = read(job.request, GenerationRequest.class);
        if (request.webhookUrl() != null) {
            webhooks.enqueue(jobId, job.userId, request.webhookUrl(), reply.success() ? Webhooks.COMPLETED : Webhooks.FAILED,
                    java.util.Map.of("job", JobView.of(job, reply)));
        }
        job.reply = write(reply);
        return true;
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise job data", e);
        }
    }

    private <T> T read(String value, Class<T> type) {
        try {
            return json.readValue(value, type);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored job data is unreadable", e);
        }
    }
}
