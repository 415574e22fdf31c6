package io.mediagate.routing.jobs;

import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.jobs.JobView;
import io.mediagate.common.values.JobStage;
import io.mediagate.common.values.MediaKind;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/** A generation job: the request as accepted, its state, and once finished the reply that was sent. */
@Entity
@Table(name = "jobs")
public class JobRecord extends PanacheEntityBase {
    @Id
    public String id;
    @Column(name = "user_id")
    public String userId;
    @Convert(converter = MediaKindColumn.class)
    public MediaKind kind;
    /** The model the request named ({@code base/model}, lower case, without its version); null for jobs from before it was kept. */
    public String model;
    @Convert(converter = JobStatusColumn.class)
    public JobStatus status;
    public String request;
    public String reply;
    /** Video jobs: generating, transcoding, thumbnail or storing. */
    @Convert(converter = JobStageColumn.class)
    public JobStage stage;
    public int progress;
    /** Where the request's Kafka request-reply answer goes (null when nobody waits). */
    @Column(name = "reply_topic")
    public String replyTopic;
    @Column(name = "reply_correlation")
    public String replyCorrelation;
    /** Where the job's events are delivered (null: nowhere). */
    @Column(name = "webhook_url")
    public String webhookUrl;
    /** The kinds of events delivered there, comma-separated wire names (null: the job's completion or failure). */
    @Column(name = "webhook_events")
    public String webhookEvents;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;

    /** This job as the API shows it, with the request it was made for and, once it ended, its reply. */
    public JobView view(GenerationRequest asked, GenerationReply ended) {
        boolean succeeded = status == JobStatus.SUCCEEDED;
        return new JobView(id, kind, status, stage, succeeded ? 100 : progress, createdAt, updatedAt,
                ended == null ? null : ended.data(), ended == null ? null : ended.price(), ended == null ? null : ended.stats(),
                ended == null ? null : ended.error(), JobView.Asked.of(asked));
    }
}
