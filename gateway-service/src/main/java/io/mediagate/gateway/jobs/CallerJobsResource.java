package io.mediagate.gateway.jobs;

import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.RequestIdFilter;
import io.mediagate.common.calls.PathTemplate;
import io.mediagate.common.jobs.JobAnswer;
import io.mediagate.common.jobs.JobView;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.gateway.auth.ApiKeyAuthMechanism;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.forward.Forwarder;
import io.mediagate.gateway.forward.Owners;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The caller's jobs, which routing owns; reads and cancels go through {@link CallerJobs}. */
@Tag(name = "Jobs")
@Path(JobsApi.ROOT)
@Authenticated
public class CallerJobsResource {
    private final Forwarder forwarder;
    private final Owners owners;
    private final CallerJobs jobs;
    private final SecurityIdentity identity;
    private final JobEventFeed feed;

    CallerJobsResource(Forwarder forwarder, Owners owners, CallerJobs jobs, SecurityIdentity identity, JobEventFeed feed) {
        this.feed = feed;
        this.forwarder = forwarder;
        this.owners = owners;
        this.jobs = jobs;
        this.identity = identity;
    }

    /** The caller's jobs, newest first ({@code kind}, {@code after}, {@code limit}, {@code order}). */
    @Operation(summary = "List your jobs, newest first")
    @GET
    public Uni<Response> list(@Context UriInfo uri, @Context ContainerRequestContext ctx) {
        String query = uri.getRequestUri().getRawQuery();
        return forwarder.forward(owners.routing() + JobsApi.ROOT + (query == null ? "" : "?" + query), Caller.of(identity),
                String.valueOf(ctx.getProperty(RequestIdFilter.PROPERTY)), Map.of());
    }

    @Operation(summary = "Read a job: status, stage, progress, result")
    @GET
    @Path(JobsApi.JOB)
    public Uni<Response> job(@PathParam("id") String id) {
        return jobs.read(Caller.of(identity), id).map(CallerJobsResource::json);
    }

    /**
     * The job's events as {@code text/event-stream} ({@link JobEventFeed}), after the one {@code Last-Event-ID} names; the
     * same visibility as the job (404 for a job that is not the caller's); 204 when the job has ended with nothing after
     * it; 429 when the key has its limit of streams open. The stream is the key's ({@code Authorization}, which
     * admission already read): it ends when the key no longer authenticates.
     */
    @Operation(summary = "Follow a job's events as they happen (text/event-stream; Last-Event-ID resumes)")
    @GET
    @Path(JobsApi.EVENTS)
    @Produces({"text/event-stream", MediaType.APPLICATION_JSON})
    public Uni<Response> events(@PathParam("id") String id, @HeaderParam("Last-Event-ID") String lastEventId,
                                @HeaderParam("Authorization") String authorization) {
        long after = JobEventFeed.after(lastEventId);
        Caller caller = Caller.of(identity);
        String keyHash = ApiKeyAuthMechanism.keyHash(authorization)
                .orElseThrow(() -> new IllegalStateException("an authenticated request without a key"));
        return jobs.read(caller, id).flatMap(job -> feed.open(caller, keyHash, id, after));
    }

    /** One of a running job's preview stills, as its {@code preview} event names it; the job's visibility. */
    @Operation(summary = "A running job's preview still (its preview event's url)")
    @GET
    @Path(JobsApi.PREVIEW)
    @Produces("*/*")
    public Uni<Response> preview(@PathParam("id") String id, @PathParam("index") String index, @Context ContainerRequestContext ctx) {
        return forwarder.forward(PathTemplate.at(owners.routing(), JobsApi.ROOT + "/" + JobsApi.PREVIEW, id, index).toString(),
                Caller.of(identity), String.valueOf(ctx.getProperty(RequestIdFilter.PROPERTY)), Map.of());
    }

    /** Cancels an unfinished job; 409 {@code job_finished} once it has ended. */
    @Operation(summary = "Cancel an unfinished job")
    @DELETE
    @Path(JobsApi.JOB)
    public Uni<Response> cancel(@PathParam("id") String id) {
        return jobs.cancel(Caller.of(identity), id).map(CallerJobsResource::json);
    }

    private static Response json(JobView job) {
        return Response.ok(Envelope.of(new JobAnswer(job))).type(MediaType.APPLICATION_JSON_TYPE).build();
    }
}
