package io.mediagate.routing.messaging;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.routing.jobs.Jobs;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * How every generation job ends, image or video: its outcome stored once, published once on
 * {@code generation.events} (usage, provider health, concurrency leases), and sent to a waiting gateway.
 */
@ApplicationScoped
public class JobEnds {
    private static final Logger LOG = Logger.getLogger(JobEnds.class);
    private final Jobs jobs;
    private final GenerationEvents events;
    private final Replies replies;

    JobEnds(Jobs jobs, GenerationEvents events, Replies replies) {
        this.jobs = jobs;
        this.events = events;
        this.replies = replies;
    }

    /** Ends the job with {@code reply}; false (and nothing sent) when another delivery ended it first. */
    public boolean finish(GenerationRequest request, ReplyAddress replyTo, GenerationReply reply) {
        if (!jobs.finish(request.jobId(), reply)) {
            return false;
        }
        events.finished(request, reply);
        replies.send(reply, replyTo);
        return true;
    }

    /** The failed reply for what a job threw: its contract error, or an internal error (logged, never shown). */
    public static GenerationReply failure(GenerationRequest request, RuntimeException e) {
        if (e instanceof ApiException api) {
            return GenerationReply.failed(request.jobId(), api.body(request.requestId()), null);
        }
        LOG.errorf(e, "job %s failed unexpectedly", request.jobId());
        return GenerationReply.failed(request.jobId(),
                ErrorBody.of(ErrorCode.INTERNAL_ERROR, "internal error", null, request.requestId(), Map.of()), null);
    }
}
