package io.mediagate.routing.generation;

import io.mediagate.common.events.Stats;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.routing.attempts.AttemptRunner;
import io.mediagate.routing.jobs.JobEvents;
import io.mediagate.routing.ranking.Candidate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * A job's provider calls as its events: before each call, a {@code retry} (the same provider again) or a
 * {@code fallback} (the next one) naming the provider that failed and its failure class when a call failed before it,
 * then {@code started} with the provider and the call's number. An event that cannot be written is logged: the job goes on.
 */
public record AttemptEvents(JobEvents events, String jobId) implements AttemptRunner.Watch {
    private static final Logger LOG = Logger.getLogger(AttemptEvents.class);

    @Override
    public void calling(Candidate candidate, int number, List<Stats.Attempt> before) {
        try {
            Stats.Attempt failed = before.reversed().stream().filter(Stats.Attempt::called).findFirst().orElse(null);
            if (failed != null) {
                boolean same = failed.provider().equals(candidate.providerId());
                Map<String, Object> data = new LinkedHashMap<>();
                data.put("provider", failed.provider());
                data.put("failure", failed.failure());
                data.put("code", failed.code());
                data.put("next", candidate.providerId());
                events.record(jobId, same ? JobEvent.Kind.RETRY : JobEvent.Kind.FALLBACK, data);
            }
            events.record(jobId, JobEvent.Kind.STARTED, Map.of("provider", candidate.providerId(), "attempt", number));
        } catch (RuntimeException e) {
            LOG.warnf("an attempt event of job %s was not recorded: %s", jobId, e.toString());
        }
    }
}
