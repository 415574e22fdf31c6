package io.mediagate.routing.generation;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Eligibility;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.ProviderHealth;
import io.mediagate.routing.ranking.Ranking;
import io.mediagate.routing.ranking.RoutingMode;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The offers a request may go to. Routed requests: enabled providers with a capable adapter, a circuit
 * not open ({@code circuitOpen}), an offer not retired ({@link ResolvedModel#retired()}), meeting the basic requirements. An explicit provider: exactly its offer, or the contract's
 * error saying why not (unknown 404, disabled or failing 503, unsupported parameter 422). Each offer stands
 * as the operation sees it: without the features its adapter does not take for this operation.
 */
public final class Candidates {
    private Candidates() {
    }

    /**
     * What an operation (generate, edit, vary) asks of a provider's adapter: whether it can do it at all, and the
     * offer features it does not take for it.
     */
    public record Operation(Predicate<ProviderSpec> capable, Function<ProviderSpec, Set<String>> withheld) {}

    /** The ranked candidates of a request, or the contract's error when there are none. */
    public static List<Candidate> rank(ResolvedModel resolved, RoutingMode mode, String provider, Eligibility.Need need,
                                       Parameters.Checked checked, Operation operation, Predicate<String> circuitOpen) {
        Function<String, ProviderHealth> health = p -> ProviderHealth.of(resolved.health() == null ? null : resolved.health().get(p));
        if (mode == RoutingMode.EXPLICIT) {
            return List.of(explicit(resolved, provider, need, checked.features().keySet(), operation, health));
        }
        List<Candidate> eligible = routed(resolved, need, operation, circuitOpen, health);
        List<Candidate> honouring = eligible.stream().filter(c -> c.features().containsAll(checked.required())).toList();
        if (honouring.isEmpty() && !checked.required().isEmpty()) {
            refuseUnhonoured(resolved, checked, operation, !eligible.isEmpty());
        }
        // A model with no offer left never gets here: the Planner answers it 410 (retirement/ModelUpgrades).
        List<Candidate> ranked = Ranking.rank(mode, honouring, checked.features().keySet());
        if (ranked.isEmpty()) {
            throw new ApiException(ErrorCode.NO_COMPATIBLE_PROVIDER, mode == RoutingMode.COMPATIBLE && !checked.features().isEmpty()
                    ? "no available provider supports all of " + checked.features().keySet()
                    : "no available provider can serve " + resolved.model().id() + ":" + need.version() + " at " + need.size());
        }
        return ranked;
    }

    /**
     * A required feature (an image option only a provider can do) that no offer of the model declares for this operation is
     * the caller's to drop: 400 naming it. When some offer declares every one but none of those is available: no compatible
     * provider (or, when no offer is available at all, routing's usual answer).
     */
    private static void refuseUnhonoured(ResolvedModel resolved, Parameters.Checked checked, Operation operation, boolean someEligible) {
        Map<String, ProviderSpec> providers = byId(resolved);
        List<OfferSpec> declared = resolved.model().offers().stream().filter(o -> providers.containsKey(o.provider()))
                .map(o -> o.without(operation.withheld().apply(providers.get(o.provider())))).toList();
        for (String name : checked.required()) {
            if (declared.stream().noneMatch(o -> o.features().contains(name))) {
                throw ApiException.invalid(name, name + " " + checked.features().get(name) + " is not offered by any provider of "
                        + resolved.model().id() + " for this operation; leave it out or choose a model whose offers list " + name
                        + " (GET /v1/models)");
            }
        }
        if (someEligible) {
            throw new ApiException(ErrorCode.NO_COMPATIBLE_PROVIDER, "no available provider of " + resolved.model().id() + " honours "
                    + checked.required(), null);
        }
    }

    static List<Candidate> routed(ResolvedModel resolved, Eligibility.Need need, Operation operation,
                                  Predicate<String> circuitOpen, Function<String, ProviderHealth> health) {
        Map<String, ProviderSpec> providers = byId(resolved);
        return resolved.model().offers().stream()
                .filter(o -> {
                    ProviderSpec p = providers.get(o.provider());
                    return p.enabled() && operation.capable().test(p) && !circuitOpen.test(p.id())
                            && !resolved.retired().containsKey(p.id())
                            && Eligibility.unmet(resolved.model(), o, need) == null;
                })
                .map(o -> {
                    ProviderSpec p = providers.get(o.provider());
                    return new Candidate(o.without(operation.withheld().apply(p)), p, health.apply(o.provider()), need.size(), need.seconds(),
                            need.inputImages(), need.quality());
                })
                .toList();
    }

    static Candidate explicit(ResolvedModel resolved, String requested, Eligibility.Need need, Set<String> features,
                              Operation operation, Function<String, ProviderHealth> health) {
        String id = requested.toLowerCase(Locale.ROOT);
        ModelSpec model = resolved.model();
        if (!resolved.catalogProviders().contains(id)) {
            throw new ApiException(ErrorCode.PROVIDER_NOT_FOUND, "unknown provider " + requested, "provider");
        }
        ProviderSpec provider = byId(resolved).get(id);
        List<OfferSpec> offers = model.offers().stream().filter(o -> o.provider().equals(id)).toList();
        if (provider == null || offers.isEmpty()) {
            throw new ApiException(ErrorCode.UNSUPPORTED_PARAMETER, "provider " + id + " does not offer " + model.id(), "model");
        }
        if (!provider.enabled() || !operation.capable().test(provider)) {
            throw new ApiException(ErrorCode.PROVIDER_UNAVAILABLE, "provider " + id + " is disabled", "provider");
        }
        if (resolved.retired().containsKey(id)) {
            throw new ApiException(ErrorCode.PROVIDER_UNAVAILABLE, "provider " + id + "'s offer of " + model.id() + " is retired: "
                    + resolved.retired().get(id).reason(), "provider");
        }
        OfferSpec offer = offers.stream().filter(o -> Eligibility.unmet(model, o, need) == null).findFirst()
                .map(o -> o.without(operation.withheld().apply(provider))).orElseThrow(() -> {
            String param = Eligibility.unmet(model, offers.getFirst(), need);
            return new ApiException(ErrorCode.UNSUPPORTED_PARAMETER, "provider " + id + " does not support this " + param, param);
        });
        features.stream().filter(f -> !offer.features().contains(f)).findFirst().ifPresent(f -> {
            throw new ApiException(ErrorCode.UNSUPPORTED_PARAMETER, "provider " + id + " does not support " + f, f);
        });
        return new Candidate(offer, provider, health.apply(id), need.size(), need.seconds(), need.inputImages(), need.quality());
    }

    private static Map<String, ProviderSpec> byId(ResolvedModel resolved) {
        return resolved.providers().stream().collect(Collectors.toMap(ProviderSpec::id, Function.identity()));
    }
}
