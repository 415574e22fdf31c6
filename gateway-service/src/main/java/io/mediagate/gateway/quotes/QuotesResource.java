package io.mediagate.gateway.quotes;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.RequestIdFilter;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.quotes.QuotedPlan;
import io.mediagate.common.quotes.QuotesApi;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.KeyHashing;
import io.mediagate.gateway.generation.QuoteBook;
import io.mediagate.gateway.generation.UtilityModels;
import io.mediagate.gateway.support.JsonBody;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code POST /v1/quotes}: what a request would cost, before it is sent. {@code {"endpoint": "/v1/images/generations", "body": {…}}}
 * is read by that endpoint's own parser ({@link QuotableRequests}), planned and priced by routing as the request would be
 * ({@link QuotesApi}: the ranked candidates, each with the most it charges, what it would make and its provider's recent
 * latencies), and checked against the caller's scopes, limits and spend caps without counting or reserving anything
 * ({@link QuoteAdmission}). The quote is kept ({@link QuoteBook}): a request sent with its {@code quote_id} before it expires is
 * charged at most its {@code price}. A body its endpoint would refuse is refused here with the same code, the field named under
 * {@code body}.
 */
@Tag(name = "Quotes")
@Path("/v1/quotes")
@Authenticated
public class QuotesResource {
    private final QuotesApi quotes;
    private final QuoteBook book;
    private final QuoteAdmission admission;
    private final UtilityModels utilities;
    private final SecurityIdentity identity;
    private final ObjectMapper json;
    private final Clock clock;

    QuotesResource(QuotesApi quotes, QuoteBook book, QuoteAdmission admission, UtilityModels utilities, SecurityIdentity identity,
                   ObjectMapper json, Clock clock) {
        this.quotes = quotes;
        this.book = book;
        this.admission = admission;
        this.utilities = utilities;
        this.identity = identity;
        this.json = json;
        this.clock = clock;
    }

    /**
     * A quote: its {@code id} and {@code expiresAt}, the {@code endpoint}, the {@code model} version and {@code routing} mode that
     * would serve it, {@code price} (the first candidate's: what a request sent with this quote is charged at most), the ranked
     * {@code candidates}, and whether the caller would be {@code admitted} now (else {@code refusal}: the code, message and details
     * the request would get).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Quote(String id, Instant expiresAt, String endpoint, String model, String routing, BigDecimal price, String currency,
                        List<QuotedPlan.Offer> candidates, boolean admitted, Refusal refusal) {}

    /** The error a quoted request would get now. */
    public record Refusal(String code, String message, Map<String, Object> details) {}

    @Operation(summary = "Price a request before sending it: its ranked offers, each one's exact charge (or range), what it would make and"
            + " its recent latency; a request sent with the quote's quote_id is charged at most its price")
    @POST
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<Envelope<Map<String, Quote>>> quote(String body, @Context ContainerRequestContext context) {
        Caller caller = Caller.of(identity);
        JsonBody in = JsonBody.parse(json, body);
        String endpoint = in.string("endpoint").orElseThrow(() -> ApiException.invalid("endpoint", "endpoint is required: one of "
                + QuotableRequests.ENDPOINTS));
        if (!QuotableRequests.ENDPOINTS.contains(endpoint)) {
            throw ApiException.invalid("endpoint", "endpoint must be one of " + QuotableRequests.ENDPOINTS);
        }
        in.only(Set.of("endpoint", "body"), "a quote takes endpoint and body: the request's own fields go in body");
        JsonNode asked = in.node().get("body");
        if (asked == null || asked.isNull()) {
            throw ApiException.invalid("body", "body is required: the JSON body of the request to price");
        }
        GenerationRequest request = QuotableRequests.parse(json, utilities, endpoint, asked, new QuotableRequests.Asker(caller,
                KeyHashing.newId("job_"), String.valueOf(context.getProperty(RequestIdFilter.PROPERTY)), clock.instant()));
        return Uni.createFrom().completionStage(() -> quotes.quote(request, caller.as())).flatMap(plan -> {
            BigDecimal price = plan.candidates().getFirst().price();
            return admission.check(caller, endpoint, request, price).flatMap(refusal -> {
                String id = KeyHashing.newId("qt_");
                Instant expiresAt = book.expiry();
                Quote quote = new Quote(id, expiresAt, endpoint, plan.model(), plan.routing(), price, "USD", plan.candidates(),
                        refusal.isEmpty(), refusal.orElse(null));
                return book.keep(id, caller, endpoint, request, price, expiresAt).replaceWith(Envelope.of(Map.of("quote", quote)));
            });
        });
    }
}
