package io.mediagate.routing.jobs;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.WhileUnavailable;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.Stats;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * How every generation job ends, image or video, succeeded, failed or cancelled: in one transaction its
 * outcome is stored and its {@code generation.events} record (usage, provider health, concurrency leases)
 * and its reply to a waiting gateway are written to the outbox; once committed they are published.
 */
@ApplicationScoped
public class JobEnds {
    private static final Logger LOG = Logger.getLogger(JobEnds.class);
    private final Jobs jobs;
    private final JobOutboxRelay relay;
    private final Duration patience;

    JobEnds(Jobs jobs, JobOutboxRelay relay, @ConfigProperty(name = "mediagate.outage-patience") Duration patience) {
        this.jobs = jobs;
        this.relay = relay;
        this.patience = patience;
    }

    /** How long a job's bookkeeping waits out an unreachable database before its request goes to the DLQ. */
    public Duration patience() {
        return patience;
    }

    /** Ends the job with {@code reply}; false (and nothing sent) when it had already ended. */
    public boolean end(String jobId, GenerationReply reply) {
        Optional<List<JobOutboxRow>> queued = WhileUnavailable.retry("ending " + jobId, () -> jobs.end(jobId, reply), patience,
                WhileUnavailable.Pause.REAL);
        queued.ifPresent(relay::publish);
        return queued.isPresent();
    }

    /**
     * The attempts a failed request made, as stats of its failure, so that its event carries them: an attempt its
     * provider bills although it failed (a timeout after the call was received, a moderation of the made output) is
     * provider spend the ledger books. Null when the request failed before any attempt.
     */
    private static Stats attempted(ApiException api) {
        Object attempts = api.extra() == null ? null : api.extra().get("attempts");
        if (!(attempts instanceof List<?> list) || list.isEmpty() || !(list.getFirst() instanceof Stats.Attempt)) {
            return null;
        }
        List<Stats.Attempt> made = list.stream().map(Stats.Attempt.class::cast).toList();
        return new Stats(0, 0, 0, Math.max(0, made.size() - 1), null, made, null, null, null);
    }

    /** The failed reply for what a job threw: its contract error, or an internal error (logged, never shown). */
    public static GenerationReply failure(GenerationRequest request, RuntimeException e) {
        if (e instanceof ApiException api) {
            return GenerationReply.failed(request.jobId(), api.body(request.requestId()), attempted(api));
        }
        LOG.errorf(e, "job %s failed unexpectedly", request.jobId());
        return GenerationReply.failed(request.jobId(),
                ErrorBody.of(ErrorCode.INTERNAL_ERROR, "internal error", null, request.requestId(), Map.of()), null);
    }
}
