package io.mediagate.routing.generation;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The ranked candidates for a request: offers of the version whose provider is enabled and has a
 * capable adapter, lowest price first. With an explicit provider only its offer remains, and its
 * absence is an error rather than a reason to look elsewhere.
 */
final class OfferRanking {
    private OfferRanking() {
    }

    static List<Offer> rank(ResolvedModel resolved, String version, String explicitProvider, Predicate<Offer> capable) {
        Map<String, ProviderSpec> providers = resolved.providers().stream()
                .collect(Collectors.toMap(ProviderSpec::id, Function.identity()));
        List<Offer> offers = resolved.model().offers().stream()
                .filter(o -> o.servesVersion(version))
                .map(o -> new Offer(o, providers.get(o.provider())))
                .filter(capable)
                .sorted(Comparator.comparing(Offer::price))
                .toList();
        if (explicitProvider != null) {
            String wanted = explicitProvider.toLowerCase(Locale.ROOT);
            if (!resolved.catalogProviders().contains(wanted)) {
                throw new ApiException(ErrorCode.PROVIDER_NOT_FOUND, "unknown provider " + explicitProvider, "provider");
            }
            List<Offer> own = offers.stream().filter(o -> o.provider().id().equals(wanted)).toList();
            if (own.isEmpty()) {
                throw new ApiException(ErrorCode.UNSUPPORTED_PARAMETER,
                        "provider " + wanted + " does not offer " + resolved.model().id() + ":" + version, "provider");
            }
            if (!own.getFirst().provider().enabled()) {
                throw new ApiException(ErrorCode.PROVIDER_UNAVAILABLE, "provider " + wanted + " is disabled", "provider");
            }
            return own;
        }
        List<Offer> enabled = offers.stream().filter(o -> o.provider().enabled()).toList();
        if (enabled.isEmpty()) {
            throw new ApiException(ErrorCode.NO_COMPATIBLE_PROVIDER,
                    "no enabled provider offers " + resolved.model().id() + ":" + version);
        }
        return enabled;
    }
}
