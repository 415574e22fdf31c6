package io.mediagate.routing.jobs;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.internal.InternalToken;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.util.Map;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * {@code GET /v1/jobs/{id}} (relayed by the gateway): a job's state, stage, progress and, once finished, its
 * outcome. {@code DELETE} cancels it.
 */
@Path("/v1/jobs")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class JobsResource {
    private final JsonWebToken caller;
    private final ObjectMapper json;
    private final Cancellation cancellation;

    JobsResource(JsonWebToken caller, ObjectMapper json, Cancellation cancellation) {
        this.caller = caller;
        this.json = json;
        this.cancellation = cancellation;
    }

    @GET
    @Path("{id}")
    public Envelope<Map<String, Object>> get(@PathParam("id") String id) {
        return view(visible(JobRecord.findById(id), id));
    }

    /** Cancels an unfinished job: 200 with the job now {@code cancelled}, 409 {@code job_finished} if it ended. */
    @DELETE
    @Path("{id}")
    public Envelope<Map<String, Object>> cancel(@PathParam("id") String id) {
        JobRecord job = visible(JobRecord.findById(id), id);
        JobRecord.getEntityManager().detach(job);
        cancellation.cancel(id, "video".equals(job.kind));
        return view(JobRecord.findById(id));
    }

    private JobRecord visible(JobRecord job, String id) {
        if (job == null || !(job.userId.equals(caller.getSubject()) || caller.getGroups().contains(InternalToken.ADMIN))) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no job " + id);
        }
        return job;
    }

    private Envelope<Map<String, Object>> view(JobRecord job) {
        return Envelope.of(Map.of("job", JobView.of(job, read(job.reply))));
    }

    private GenerationReply read(String reply) {
        if (reply == null) {
            return null;
        }
        try {
            return json.readValue(reply, GenerationReply.class);
        } catch (IOException e) {
            throw new IllegalStateException("stored job reply is unreadable", e);
        }
    }
}
