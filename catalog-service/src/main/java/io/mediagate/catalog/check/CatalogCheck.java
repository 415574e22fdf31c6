package io.mediagate.catalog.check;

import io.mediagate.catalog.catalog.Catalog;
import io.mediagate.catalog.retirement.Retirements;
import io.mediagate.common.catalog.AdapterKind;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.Retirement;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Asks every provider that lists its models ({@link ModelListing}) whether each upstream model the catalog offers there
 * still exists: an offer whose model is missing is retired, a retired offer whose model is listed again is reinstated. The
 * report also says what the catalog file itself needs ({@link CatalogFindings}).
 * A provider without its key, or with no listing this check can read, is reported as not checked, never as failing.
 * Runs on {@code POST /v1/admin/catalog/check} ({@code ./mediagate catalog check}) and every
 * {@code mediagate.catalog.check-every} on each replica (a provider without a key costs nothing).
 */
@ApplicationScoped
public class CatalogCheck {
    private static final Logger LOG = Logger.getLogger(CatalogCheck.class);
    private final Catalog catalog;
    private final Retirements retirements;
    private final Clock clock;
    private final ListingHttp http;

    /** One provider's outcome: {@code checked}, {@code skipped} (no key, disabled, no listing) or {@code failed}. */
    public record ProviderResult(String provider, String status, String detail, int models, List<String> retired,
                                 List<String> reinstated) {}

    /**
     * The providers' outcomes, and what the catalog file itself says needs the operator ({@link CatalogFindings}: offers shut
     * down or shutting within 30 days, unsourced offers, prices older than 90 days).
     */
    public record Report(Instant checkedAt, List<ProviderResult> providers, List<CatalogFindings.Finding> findings) {}

    CatalogCheck(Catalog catalog, Retirements retirements, Clock clock,
                 @ConfigProperty(name = "mediagate.catalog.check-timeout", defaultValue = "20s") Duration timeout) {
        this.catalog = catalog;
        this.retirements = retirements;
        this.clock = clock;
        this.http = new ListingHttp(timeout);
    }

    @Scheduled(every = "${mediagate.catalog.check-every:6h}", delayed = "${mediagate.catalog.check-delay:2m}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP)
    void scheduled() {
        Report report = run();
        report.providers().stream().filter(p -> !p.status().equals("skipped"))
                .forEach(p -> LOG.infof("catalog check of %s: %s %s", p.provider(), p.status(), p.detail()));
    }

    public Report run() {
        Instant now = clock.instant();
        List<ProviderResult> results = new ArrayList<>();
        for (ProviderSpec provider : catalog.providers()) {
            results.add(check(provider, now));
        }
        return new Report(now, results, CatalogFindings.of(catalog, now));
    }

    private ProviderResult check(ProviderSpec provider, Instant now) {
        Map<String, List<String>> offered = offered(provider.id());
        if (offered.isEmpty()) {
            return skipped(provider, "offers no model", 0);
        }
        AdapterKind kind = AdapterKind.of(provider.adapter()).orElseThrow(); // the catalog refuses any other at load
        ModelListing listing = ModelListing.of(kind);
        if (listing == null) {
            return skipped(provider, ModelListing.unlisted(kind), offered.size());
        }
        if (!provider.enabled()) {
            return skipped(provider, provider.apiKeyEnv() == null ? "disabled" : "no key: " + provider.apiKeyEnv() + " is not set",
                    offered.size());
        }
        Optional<String> key = provider.apiKeyEnv() == null ? Optional.of("")
                : ConfigProvider.getConfig().getOptionalValue(provider.apiKeyEnv(), String.class).filter(v -> !v.isBlank());
        if (key.isEmpty()) {
            return skipped(provider, "no key: " + provider.apiKeyEnv() + " is not set", offered.size());
        }
        String base = listing.base(provider);
        Set<String> present;
        try {
            present = listing.present(http, base, key.get(), offered.keySet());
        } catch (ListingFailed e) {
            return new ProviderResult(provider.id(), "failed", e.getMessage(), offered.size(), List.of(), List.of());
        }
        List<String> retired = new ArrayList<>();
        List<String> reinstated = new ArrayList<>();
        offered.forEach((upstream, models) -> models.forEach(model -> {
            if (present.contains(upstream)) {
                if (retirements.reinstate(model, provider.id())) {
                    reinstated.add(model);
                }
            } else {
                retirements.retire(new Retirement(model, provider.id(), upstream + " is not in " + provider.id()
                        + "'s model listing (catalog check)", now));
                retired.add(model);
            }
        }));
        return new ProviderResult(provider.id(), "checked", present.size() + " of " + offered.size() + " upstream models listed",
                offered.size(), retired, reinstated);
    }

    /** The upstream model names the provider's offers use, each with the catalog models offering it. */
    private Map<String, List<String>> offered(String providerId) {
        Map<String, List<String>> offered = new LinkedHashMap<>();
        for (ModelSpec model : catalog.models()) {
            for (OfferSpec offer : model.offers()) {
                if (offer.provider().equals(providerId) && offer.upstreamModel() != null && !offer.upstreamModel().isBlank()) {
                    offered.computeIfAbsent(offer.upstreamModel(), u -> new ArrayList<>()).add(model.id());
                }
            }
        }
        return offered;
    }

    private static ProviderResult skipped(ProviderSpec provider, String why, int models) {
        return new ProviderResult(provider.id(), "skipped", why, models, List.of(), List.of());
    }
}
