package io.mediagate.routing.quotes;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.quotes.QuotedPlan;
import io.mediagate.common.quotes.QuotesApi;
import io.smallrye.common.annotation.Blocking;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * {@link QuotesApi#ROOT}: the gateway, as the caller, asks what a request it parsed would cost ({@link Quoting}). The request must
 * be the caller's own (its {@code userId} the token's subject).
 */
@Path(QuotesApi.ROOT)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class QuotesResource {
    private final Quoting quoting;
    private final JsonWebToken caller;

    QuotesResource(Quoting quoting, JsonWebToken caller) {
        this.quoting = quoting;
        this.caller = caller;
    }

    @POST
    @Blocking
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public Envelope<QuotedPlan> quote(GenerationRequest request) {
        if (request == null || request.kind() == null) {
            throw ApiException.invalid(null, "a quote needs the request to price");
        }
        if (request.userId() == null || !request.userId().equals(caller.getSubject())) {
            throw ApiException.invalid(null, "a quote prices the caller's own request");
        }
        return Envelope.of(quoting.quote(request));
    }
}
