package io.mediagate.common.jobs;

import io.mediagate.common.api.Envelope;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/** routing's jobs API as a REST Client interface; {@link JobsApiClient} calls through it. A null query value is not sent. */
public interface JobsRestClient {
    @GET
    @Path(JobsApi.ROOT + "/" + JobsApi.JOB)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<Envelope<JobAnswer>> read(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @PathParam("id") String id);

    @DELETE
    @Path(JobsApi.ROOT + "/" + JobsApi.JOB)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<Envelope<JobAnswer>> cancel(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @PathParam("id") String id);

    @GET
    @Path(JobsApi.ROOT + "/" + JobsApi.EVENTS)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<Envelope<JobEventList>> events(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @PathParam("id") String id,
                                       @QueryParam("after") long after, @QueryParam("wait") long waitMillis);

    @GET
    @Path(JobsApi.ROOT)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<Envelope<JobList>> list(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @QueryParam("kind") String kind,
                                @QueryParam("after") String after, @QueryParam("limit") String limit,
                                @QueryParam("order") String order);
}
