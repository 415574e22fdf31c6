package io.mediagate.gateway.jobs;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.RequestIdFilter;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.forward.Forwarder;
import io.mediagate.gateway.forward.OwnerClient;
import io.mediagate.gateway.forward.Owners;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * The caller's jobs, which routing owns. A job the gateway has just answered with 202 is readable and
 * cancellable at once: until routing has taken it from Kafka it reads as queued, and a cancel waits for
 * routing to have it ({@link SubmittedJobs}).
 */
@Tag(name = "Jobs")
@Path("/v1/jobs")
@Authenticated
public class JobsResource {
    private final Forwarder forwarder;
    private final OwnerClient owner;
    private final Owners owners;
    private final SubmittedJobs submitted;
    private final SecurityIdentity identity;

    JobsResource(Forwarder forwarder, OwnerClient owner, Owners owners, SubmittedJobs submitted, SecurityIdentity identity) {
        this.forwarder = forwarder;
        this.owner = owner;
        this.owners = owners;
        this.submitted = submitted;
        this.identity = identity;
    }

    /** The caller's jobs, newest first ({@code kind}, {@code after}, {@code limit}, {@code order}). */
    @Operation(summary = "List your jobs, newest first")
    @GET
    public Uni<Response> list(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        String query = uri.getRequestUri().getRawQuery();
        return forwarder.forward(owners.routing() + "/v1/jobs" + (query == null ? "" : "?" + query), Caller.of(identity),
                String.valueOf(ctx.getProperty(RequestIdFilter.PROPERTY)), Map.of());
    }

    @Operation(summary = "Read a job: status, stage, progress, result")
    @GET
    @Path("{id}")
    public Uni<Response> job(@PathParam("id") String id, @Context ContainerRequestContext ctx) {
        Caller caller = Caller.of(identity);
        return forwarder.forward(target(id), caller, String.valueOf(ctx.getProperty(RequestIdFilter.PROPERTY)), Map.of())
                .flatMap(answer -> answer.getStatus() != 404 ? Uni.createFrom().item(answer)
                        : submitted.find(caller.accountId(), id).map(job -> job == null ? answer : ok(job)));
    }

    /** Cancels an unfinished job; 409 {@code job_finished} once it has ended. */
    @Operation(summary = "Cancel an unfinished job")
    @DELETE
    @Path("{id}")
    public Uni<Response> cancel(@PathParam("id") String id) {
        Caller caller = Caller.of(identity);
        return submitted.oncePickedUp(caller.accountId(), id, () -> owner.send("DELETE", target(id), caller))
                .map(answer -> Response.ok(answer).type(MediaType.APPLICATION_JSON_TYPE).build());
    }

    private String target(String id) {
        if (!id.matches("[A-Za-z0-9_-]{1,64}")) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no job with this id", "id");
        }
        return owners.routing() + "/v1/jobs/" + id;
    }

    private static Response ok(JsonNode job) {
        return Response.ok(Map.of("success", true, "result", Map.of("job", job))).type(MediaType.APPLICATION_JSON_TYPE).build();
    }
}
