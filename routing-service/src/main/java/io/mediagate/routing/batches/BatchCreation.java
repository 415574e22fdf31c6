package io.mediagate.routing.batches;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.batches.BatchesApi;
import io.mediagate.common.internal.InternalToken;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;
import java.util.Map;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** {@link BatchesApi#CREATE}: the gateway, as the caller, hands over a batch whose file it has read and parsed. */
@Path(BatchesApi.CREATE)
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class BatchCreation {
    private final JsonWebToken caller;
    private final ObjectMapper json;
    private final BatchIntake intake;

    BatchCreation(JsonWebToken caller, ObjectMapper json, BatchIntake intake) {
        this.caller = caller;
        this.json = json;
        this.intake = intake;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    public Map<String, Object> create(InputStream body) {
        return BatchObject.of(intake.keep(caller.getSubject(), caller.getClaim(InternalToken.TIER_CLAIM), body), json);
    }
}
