package io.mediagate.common.usage;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/** usage-service's internal API as a REST Client interface; {@link UsageApiClient} calls through it. */
public interface UsageRestClient {
    @GET
    @Path(UsageApi.ROOT)
    @Produces(MediaType.APPLICATION_JSON)
    Uni<UsageReport> report(@HeaderParam(HttpHeaders.AUTHORIZATION) String bearer, @QueryParam("days") String days);
}
