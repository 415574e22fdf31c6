package io.mediagate.common.quotes;

import io.mediagate.common.api.Envelope;
import io.mediagate.common.events.GenerationRequest;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/** routing's quotes API as a REST Client interface; {@link QuotesApiClient} calls through it. */
public interface QuotesRestClient {
    @POST
    @Path(QuotesApi.ROOT)
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<Envelope<QuotedPlan>> quote(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, GenerationRequest request);
}
