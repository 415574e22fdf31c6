package io.mediagate.routing.batches;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationEvent;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.values.MediaKind;
import io.mediagate.routing.jobs.JobOutbox;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Instant;
import java.util.List;

/**
 * A line of a batch whose caller's spend caps hold its worst case (the gateway reserved it when the batch was made) ends,
 * when it never runs, the way every job ends: with a {@code generation.events} record ({@code cancelled}, nothing
 * charged), so the gateway gives its reservation back at once rather than when it expires. Lines of other batches need
 * none: nothing waits on them.
 */
@ApplicationScoped
class NeverRun {
    private final JobOutbox outbox;
    private final ObjectMapper json;
    private final Clock clock;

    NeverRun(JobOutbox outbox, ObjectMapper json, Clock clock) {
        this.outbox = outbox;
        this.json = json;
        this.clock = clock;
    }

    /** Within the batch's transaction, before the line's request is dropped: its end, when the batch reserved it. */
    void ended(BatchRecord batch, BatchLineRecord line) {
        if (!batch.reserved || line.jobId == null) {
            return;
        }
        GenerationRequest request = read(line.request);
        // a line dispatched but never begun has no request left: its kind is its endpoint's
        MediaKind kind = request != null ? request.kind() : batch.endpoint.startsWith("/v1/images/") ? MediaKind.IMAGE : MediaKind.VIDEO;
        Instant now = clock.instant();
        outbox.queue(new GenerationEvent(line.jobId, batch.userId, kind, JobStatus.CANCELLED, request == null ? null : request.model(),
                null, null, 0, List.of(), now, batch.keyId, batch.id), now);
    }

    private GenerationRequest read(String request) {
        if (request == null) {
            return null;
        }
        try {
            return json.readValue(request, GenerationRequest.class);
        } catch (JsonProcessingException e) {
            return null;
        }
    }
}
