package io.mediagate.routing.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.common.model.ModelId;
import io.mediagate.common.values.JobStage;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Job persistence: the record that makes a redelivered request idempotent and survives crashes. A job takes
 * one transaction to begin and one to end (plus, for videos, one per pipeline stage).
 */
@ApplicationScoped
public class Jobs {
    private final ObjectMapper json;
    private final JobOutbox outbox;
    private final Clock clock;
    private final JobEvents events;

    Jobs(ObjectMapper json, JobOutbox outbox, Clock clock, JobEvents events) {
        this.events = events;
        this.json = json;
        this.outbox = outbox;
        this.clock = clock;
    }

    /** What {@link #begin} found: a job to run now, one that already ended, or a video the pipeline holds. */
    public sealed interface Begun {
        record Run() implements Begun {}

        /** Ended before (a redelivered request): answer with the stored reply. */
        record Ended(GenerationReply reply) implements Begun {}

        /** A video job already past generation: the pipeline has it; nothing to do again. */
        record Held() implements Begun {}
    }

    /**
     * One transaction to start a job: records it as running at {@code stage} (creating it on first sight)
     * with where its answer goes, unless it already ended or, for a video, the pipeline holds it.
     */
    @Transactional
    public Begun begin(GenerationRequest request, JobStage stage, ReplyAddress replyTo) {
        JobRecord job = JobRecord.findById(request.jobId());
        if (job != null && job.status.finished() && job.reply != null) {
            return new Begun.Ended(read(job.reply, GenerationReply.class));
        }
        if (job != null && job.stage != null && job.stage != JobStage.GENERATING) {
            return new Begun.Held();
        }
        Instant now = Instant.now(clock);
        boolean first = job == null;
        if (job == null) {
            job = new JobRecord();
            job.id = request.jobId();
            job.userId = request.userId();
            job.kind = request.kind();
            job.model = ModelId.tryParse(request.model()).map(ModelId::id).orElse(null);
            job.request = write(request);
            job.webhookUrl = request.webhookUrl();
            job.webhookEvents = request.webhookEvents() == null ? null : String.join(",", request.webhookEvents());
            // Created when the gateway accepted it, as its 202 answer said, not when routing got to it: a queue
            // in between must not reorder a caller's job list.
            job.createdAt = request.acceptedAt() != null ? request.acceptedAt() : now;
        }
        job.status = JobStatus.RUNNING;
        job.stage = stage;
        if (replyTo != null) {
            job.replyTopic = replyTo.topic();
            job.replyCorrelation = replyTo.correlation();
        }
        job.updatedAt = now;
        job.persist();
        if (first) {
            events.record(job.id, JobEvent.Kind.QUEUED, Map.of("kind", job.kind.wire(), "model", String.valueOf(request.model())), job.createdAt);
            if (stage != null) {
                events.record(job.id, JobEvent.Kind.STAGE, Map.of("stage", stage.wire(), "state", "started"), now);
            }
        }
        return new Begun.Run();
    }

    /**
     * Moves an unfinished job on to {@code stage}; progress never goes back. A new stage is told as the old one's
     * {@code stage} event ({@code ended}) and the new one's ({@code started}), new progress as a {@code progress} event.
     * False if the job is finished or unknown.
     */
    @Transactional
    public boolean advance(String jobId, JobStage stage, int progress) {
        // Locked: a stage's progress report and the next stage's start may come at once; the later sees the earlier.
        JobRecord job = JobRecord.findById(jobId, LockModeType.PESSIMISTIC_WRITE);
        if (job == null || job.status.finished() || job.progress > progress) {
            return false;
        }
        JobStage before = job.stage;
        int was = job.progress;
        job.stage = stage;
        job.progress = progress;
        job.updatedAt = Instant.now(clock);
        if (stage != before) {
            if (before != null) {
                events.record(jobId, JobEvent.Kind.STAGE, Map.of("stage", before.wire(), "state", "ended"));
            }
            events.record(jobId, JobEvent.Kind.STAGE, Map.of("stage", stage.wire(), "state", "started"));
        }
        if (progress != was) {
            events.record(jobId, JobEvent.Kind.PROGRESS, Map.of("percent", progress, "stage", stage.wire()));
        }
        return true;
    }

    /**
     * Tells that an unfinished video job plays: its main rendition is kept and {@code item} (its media item so far, the
     * other variants still being made) serves it. Once per job (a redone stage tells it again); false if the job is
     * finished, unknown or was already told.
     */
    @Transactional
    public boolean playable(String jobId, MediaItem item) {
        JobRecord job = JobRecord.findById(jobId, LockModeType.PESSIMISTIC_WRITE);
        if (job == null || job.status.finished() || item == null || item.url() == null
                || events.has(jobId, JobEvent.Kind.PLAYABLE)) {
            return false;
        }
        if (job.stage == JobStage.GENERATING) { // told before the hand-off's own write: the pipeline has the job
            advance(jobId, JobStage.TRANSCODING, JobStage.TRANSCODING.progressAt());
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("url", item.url());
        data.put("mime", item.mime());
        data.put("width", item.width());
        data.put("height", item.height());
        data.put("item", item);
        events.record(jobId, JobEvent.Kind.PLAYABLE, data);
        return true;
    }

    /** The request and reply address of a job, for finishing it where it was not started. */
    @Transactional
    public Optional<Started> started(String jobId) {
        JobRecord job = JobRecord.findById(jobId);
        return job == null ? Optional.empty() : Optional.of(started(job));
    }

    public record Started(GenerationRequest request, ReplyAddress replyTo, JobStatus status) {}

    private Started started(JobRecord job) {
        ReplyAddress address = job.replyTopic == null ? null : new ReplyAddress(job.replyTopic, job.replyCorrelation);
        return new Started(read(job.request, GenerationRequest.class), address, job.status);
    }

    /**
     * One transaction to end an unfinished job with {@code reply} (succeeded, failed or cancelled): the
     * outcome stored, its last events recorded (and delivered to its webhook as asked: {@link JobEvents}), and its
     * generation event and reply written to the outbox, all or nothing. Returns the outbox
     * rows to publish once committed; empty when the job had already ended (or is unknown).
     */
    @Transactional
    public Optional<List<JobOutboxRow>> end(String jobId, GenerationReply reply) {
        JobRecord job = JobRecord.findById(jobId, LockModeType.PESSIMISTIC_WRITE);
        if (job == null || job.status.finished()) {
            return Optional.empty();
        }
        Instant now = Instant.now(clock);
        if (reply.success() && job.stage != null) { // told while the job is still open: after its end only the end is
            events.record(job.id, JobEvent.Kind.STAGE, Map.of("stage", job.stage.wire(), "state", "ended"), now);
        }
        job.status = reply.success() ? JobStatus.SUCCEEDED : reply.isCancelled() ? JobStatus.CANCELLED : JobStatus.FAILED;
        if (reply.success()) {
            job.progress = 100;
        }
        job.updatedAt = now;
        Started started = started(job);
        GenerationRequest request = started.request();
        if (job.webhookUrl == null) {
            job.webhookUrl = request.webhookUrl(); // a job begun before its webhook was kept with it
        }
        job.reply = write(reply);
        ended(job, request, reply, now);
        return Optional.of(outbox.queue(request, reply, started.replyTo(), now));
    }

    /** The job's last event: {@code completed}, {@code failed} or {@code cancelled}. */
    private void ended(JobRecord job, GenerationRequest request, GenerationReply reply, Instant now) {
        Map<String, Object> data = new LinkedHashMap<>();
        if (!reply.success() && !reply.isCancelled() && reply.error() != null) {
            data.put("error", reply.error());
        }
        data.put("job", job.view(request, reply));
        events.record(job.id, reply.success() ? JobEvent.Kind.COMPLETED : reply.isCancelled() ? JobEvent.Kind.CANCELLED
                : JobEvent.Kind.FAILED, data, now);
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
