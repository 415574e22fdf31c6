package io.mediagate.routing.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

/** Job persistence: the record that makes a redelivered request idempotent and survives crashes. */
@ApplicationScoped
public class Jobs {
    private final ObjectMapper json;
    private final Clock clock;

    Jobs(ObjectMapper json, Clock clock) {
        this.json = json;
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
        JobRecord job = JobRecord.findById(request.jobId());
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
        job.updatedAt = now;
        job.persist();
    }

    /** Stores the outcome; returns false if another delivery finished the job first. */
    @Transactional
    public boolean finish(String jobId, GenerationReply reply) {
        JobRecord job = JobRecord.findById(jobId);
        if (job == null || JobStatus.finished(job.status)) {
            return false;
        }
        job.status = reply.success() ? JobStatus.SUCCEEDED : JobStatus.FAILED;
        job.reply = write(reply);
        job.updatedAt = Instant.now(clock);
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
