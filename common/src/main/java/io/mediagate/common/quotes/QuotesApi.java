package io.mediagate.common.quotes;

import io.mediagate.common.calls.CallAs;
import io.mediagate.common.events.GenerationRequest;
import java.util.concurrent.CompletableFuture;

/**
 * routing-service's quotes: what a request would cost at each offer it would be routed to, planned as the request itself
 * would be and priced by the rule that settles it, with no provider called and nothing reserved. The gateway calls it as the
 * caller, with the request its endpoint's own parser made; it answers the request's own error when the request would be
 * refused (an unknown model, a size not offered...).
 */
public interface QuotesApi {
    String ROOT = "/internal/v1/quotes";

    CompletableFuture<QuotedPlan> quote(GenerationRequest request, CallAs user);
}
