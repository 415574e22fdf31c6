package io.mediagate.routing.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.Stats;
import io.mediagate.common.internal.InternalToken;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** {@code GET /v1/jobs/{id}} (relayed by the gateway): a job's state and, once finished, its outcome. */
@Path("/v1/jobs")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class JobsResource {
    private final JsonWebToken caller;
    private final ObjectMapper json;

    JobsResource(JsonWebToken caller, ObjectMapper json) {
        this.caller = caller;
        this.json = json;
    }

    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record JobView(String id, String kind, String status, int progress, Instant createdAt, Instant updatedAt,
                          List<MediaItem> data, BigDecimal price, Stats stats, ErrorBody error) {}

    @GET
    @Path("{id}")
    public Envelope<Map<String, Object>> get(@PathParam("id") String id) {
        JobRecord job = JobRecord.findById(id);
        if (job == null || !(job.userId.equals(caller.getSubject()) || caller.getGroups().contains(InternalToken.ADMIN))) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no job " + id);
        }
        GenerationReply reply = read(job.reply);
        boolean done = JobStatus.finished(job.status);
        return Envelope.of(Map.of("job", new JobView(job.id, job.kind, job.status, done ? 100 : 0, job.createdAt,
                job.updatedAt, reply == null ? null : reply.data(), reply == null ? null : reply.price(),
                reply == null ? null : reply.stats(), reply == null ? null : reply.error())));
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
