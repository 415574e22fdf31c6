package io.mediagate.gateway.budgets;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.catalog.DurationSpec;
import io.mediagate.common.catalog.HealthSnapshot;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.values.MediaKind;
import io.mediagate.common.values.Size;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What a budget reserves for a request: the dearest offer that could serve it, times its units. */
class WorstCaseTest {
    /** A model as the catalog resolves it: its offers, and each provider's status. */
    private static ResolvedModel model(List<OfferSpec> offers, DurationSpec durations, String defaultSize, Map<String, String> statuses) {
        ModelSpec model = new ModelSpec("a/b", "B", durations == null ? "image" : "video", null, List.of(), List.of(), defaultSize,
                durations, List.of(), List.of(), offers, Instant.EPOCH);
        Map<String, HealthSnapshot> health = new HashMap<>();
        statuses.forEach((provider, status) -> health.put(provider, new HealthSnapshot(status, null, null, null, "1h", null, null, Map.of())));
        return new ResolvedModel(model, List.of(), List.copyOf(statuses.keySet()), health);
    }

    private static ResolvedModel model(List<OfferSpec> offers, DurationSpec durations) {
        Map<String, String> statuses = new HashMap<>();
        offers.forEach(o -> statuses.put(o.provider(), "operational"));
        return model(offers, durations, null, statuses);
    }

    private static OfferSpec offer(String provider, String amount, String unit) {
        return offer(provider, amount, unit, Map.of(), Map.of());
    }

    private static OfferSpec offer(String provider, String amount, String unit, Map<String, String> options, Map<String, String> sizePrices) {
        Map<String, BigDecimal> bySize = new HashMap<>();
        sizePrices.forEach((size, price) -> bySize.put(size, new BigDecimal(price)));
        return new OfferSpec(provider, new BigDecimal(amount), OfferUnit.of(unit), List.of(), List.of(), List.of(), List.of(), provider + "-model",
                options, bySize);
    }

    private static GenerationRequest request(MediaKind kind, String provider, int n, Double duration) {
        return request(kind, provider, null, n, duration);
    }

    private static final GenerationRequest.Origin ORIGIN = new GenerationRequest.Origin("job_x", "req_x", "usr_x", Tier.PRO, "key_x",
            Instant.EPOCH);

    private static GenerationRequest request(MediaKind kind, String provider, String size, int n, Double duration) {
        var ask = new GenerationRequest.Ask("a/b", provider, null, "p", size == null ? null : Size.of(size), true, Map.of());
        return kind == MediaKind.IMAGE ? GenerationRequest.image(ORIGIN, ask, n, "url", null, null)
                : GenerationRequest.video(ORIGIN, ask, duration, null, null, null, null, null);
    }

    private static void assertPrice(String expected, BigDecimal actual) {
        assertPrice(expected, actual, "worst case");
    }

    private static void assertPrice(String expected, BigDecimal actual, String why) {
        assertEquals(0, new BigDecimal(expected).compareTo(actual), why + ": " + expected + " != " + actual);
    }

    @Test
    void theDearestOfferThatCouldServeTimesTheImages() {
        ResolvedModel model = model(List.of(offer("cheap", "0.01", "image"), offer("dear", "0.04", "image"), offer("off", "0.50", "image")),
                null, null, Map.of("cheap", "operational", "dear", "degraded", "off", "disabled"));
        assertPrice("0.12", WorstCase.price(model, request(MediaKind.IMAGE, null, 3, null)));
        assertPrice("0.03", WorstCase.price(model, request(MediaKind.IMAGE, "CHEAP", 3, null)), "an explicit provider, in any case");
        assertPrice("0", WorstCase.price(model, request(MediaKind.IMAGE, "nobody", 3, null)));
    }

    @Test
    void anEditAtAProviderBillingItsInputImagesReservesThemToo() {
        ResolvedModel model = model(List.of(offer("xai", "0.02", "image", Map.of("inputImagePrice", "0.002"), Map.of())), null);
        GenerationRequest edit = GenerationRequest.image(ORIGIN, new GenerationRequest.Ask("a/b", null, null, "p", null, true, Map.of()), 2,
                "url", new io.mediagate.common.events.ImageSources("edit", java.util.List.of("in/a.png", "in/b.png", "in/c.png"), null), null);
        assertPrice("0.046", WorstCase.price(model, edit), "2 images made at 0.02 and 3 input images at 0.002");
        assertPrice("0.04", WorstCase.price(model, request(MediaKind.IMAGE, null, 2, null)), "a generation has no input images");
    }

    @Test
    void anImageLeavingTheQualityToTheProviderReservesTheDearestItMayChoose() {
        ResolvedModel model = model(List.of(offer("openai", "0.042", "image", Map.of(),
                Map.of("high", "0.167", "low", "0.011"))), null);
        assertPrice("0.334", WorstCase.price(model, request(MediaKind.IMAGE, null, 2, null)), "no quality: high may be chosen");
        GenerationRequest asked = GenerationRequest.image(ORIGIN, new GenerationRequest.Ask("a/b", null, null, "p", null, true, Map.of()), 2,
                "url", null, new ImageOptions(ImageOptions.Quality.LOW, null, null, null, null, null));
        assertPrice("0.022", WorstCase.price(model, asked), "the quality asked");
    }

    @Test
    void aMeteredOfferReservesWhatItMayChargeBeyondItsTable() {
        Map<String, BigDecimal> table = new HashMap<>(Map.of("high", new BigDecimal("0.1248"), "low", new BigDecimal("0.00816")));
        OfferSpec tokens = new OfferSpec("openai", new BigDecimal("0.03168"), OfferUnit.IMAGE, List.of(), List.of(), List.of(), List.of(), "gpt", Map.of(),
                table, new io.mediagate.common.catalog.TokenRates(new BigDecimal("5"), new BigDecimal("8"), null, new BigDecimal("30")), null, null, null);
        GenerationRequest two = request(MediaKind.IMAGE, null, 2, null); // prompt "p": one byte, at most one token and 100 of framing
        assertPrice("0.250105", WorstCase.price(model(List.of(tokens), null), two), "2 images at the dearest quality and the prompt's text");
        OfferSpec megapixels = new OfferSpec("bfl", new BigDecimal("0.03"), OfferUnit.IMAGE, List.of(), List.of(), List.of(), List.of(), "flux", Map.of(),
                Map.of(), null, new io.mediagate.common.catalog.MegapixelRates(new BigDecimal("0.03"), new BigDecimal("0.015"),
                new BigDecimal("0.015"), "up"), null, null);
        GenerationRequest large = request(MediaKind.IMAGE, null, "2048x2048", 1, null);
        // 4,194,304 pixels counted up to 5 megapixels: $0.03 + 4 x $0.015, dearer than its table's $0.03
        assertPrice("0.09", WorstCase.price(model(List.of(megapixels), null), large));
    }

    @Test
    void aVideoCostsItsSecondsOrTheModelsDefault() {
        ResolvedModel model = model(List.of(offer("v", "0.10", "second")), new DurationSpec(4, 10, 6));
        assertPrice("0.8", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, 8.0)));
        assertPrice("0.6", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, null)));
    }

    @Test
    void aVideoOfAModelWithoutBoundsIsReservedAtTheLengthRoutingAsksFor() {
        // the planner asks such a model's provider for Planning.DEFAULT_SECONDS; the reservation holds that much, not 30 s
        ModelSpec spec = new ModelSpec("a/b", "B", "video", null, List.of(), List.of("720p"), "720p", null, List.of(),
                List.of(), List.of(offer("v", "0.10", "second")), Instant.EPOCH);
        ResolvedModel model = new ResolvedModel(spec, List.of(), List.of("v"), Map.of());
        assertPrice("0.5", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, null)));
        assertEquals(5, io.mediagate.common.catalog.Planning.clip(spec).checked(null, spec.id()));
    }

    @Test
    void aVideoAtAProviderOfFixedClipLengthsCostsTheClipItMakes() {
        ResolvedModel model = model(List.of(offer("veo", "0.40", "second", Map.of("durations", "4,6,8"), Map.of())), new DurationSpec(4, 8, 5));
        assertPrice("2.4", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, 5.0)), "5 s asked: Veo makes and bills 6");
        assertPrice("2.4", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, null)), "the default 5 s, as a 6 s clip");
        assertPrice("3.2", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, 7.5)));
    }

    @Test
    void aSizePricedApartCostsItsOwnPrice() {
        ResolvedModel model = model(List.of(offer("g", "0.134", "image", Map.of(), Map.of("4096x4096", "0.24")), offer("h", "0.15", "image")),
                null, "1024x1024", Map.of("g", "operational", "h", "operational"));
        assertPrice("0.48", WorstCase.price(model, request(MediaKind.IMAGE, null, "4096x4096", 2, null)), "the 4K price, dearer than h");
        assertPrice("0.30", WorstCase.price(model, request(MediaKind.IMAGE, null, "1024x1024", 2, null)), "h at every other size");
        assertPrice("0.30", WorstCase.price(model, request(MediaKind.IMAGE, null, 2, null)), "no size: the model's default");
        assertPrice("0.268", WorstCase.price(model, request(MediaKind.IMAGE, "g", 2, null)), "g alone at its base price");
    }

    @Test
    void aVideoSizeIsPricedByTheCatalogsLabel() {
        ResolvedModel model = model(List.of(offer("v", "0.10", "second", Map.of(), Map.of("1080p", "0.20"))), new DurationSpec(4, 8, 4),
                "720p", Map.of("v", "operational"));
        assertPrice("1.6", WorstCase.price(model, request(MediaKind.VIDEO, null, "1080P", 1, 8.0)));
        assertPrice("0.4", WorstCase.price(model, request(MediaKind.VIDEO, null, 1, null)));
    }

    @Test
    void aRequestTakingUpgradesOfARetiredModelReservesWhatItsReplacementCosts() {
        io.mediagate.common.catalog.Lifecycle shut = new io.mediagate.common.catalog.Lifecycle(null, java.time.LocalDate.parse("2026-12-15"),
                "a/new", "https://provider.example/deprecations");
        ResolvedModel old = new ResolvedModel(new ModelSpec("a/b", "B", "image", null, List.of(), List.of(), null, null, List.of(), List.of(),
                List.of(offer("cheap", "0.01", "image")), Instant.EPOCH, shut), List.of(), List.of("cheap"), Map.of());
        ResolvedModel replacement = new ResolvedModel(new ModelSpec("a/new", "New", "image", null, List.of(), List.of(), null, null,
                List.of(), List.of(), List.of(offer("dear", "0.05", "image")), Instant.EPOCH), List.of(), List.of("dear"), Map.of());
        Map<String, ResolvedModel> catalog = Map.of("a/b", old, "a/new", replacement);
        io.mediagate.common.catalog.CatalogApi api = new io.mediagate.common.catalog.CatalogApi() {
            @Override
            public java.util.concurrent.CompletableFuture<ResolvedModel> resolve(String modelId) {
                return java.util.concurrent.CompletableFuture.completedFuture(catalog.get(modelId));
            }

            @Override
            public java.util.concurrent.CompletableFuture<List<io.mediagate.common.catalog.ModelLifecycle>> lifecycles() {
                return java.util.concurrent.CompletableFuture.completedFuture(List.of());
            }
        };
        io.mediagate.testing.ManualClock clock = new io.mediagate.testing.ManualClock(Instant.parse("2026-12-14T23:59:59Z"));
        WorstCase worstCase = new WorstCase(api, java.time.Duration.ZERO, clock);
        GenerationRequest upgrading = request(MediaKind.IMAGE, null, 2, null).withModelUpgrades("replacement");
        assertPrice("0.02", worstCase.of(upgrading).await().indefinitely(), "before its shutdown: the model itself");
        clock.set(Instant.parse("2026-12-15T00:00:00Z"));
        assertPrice("0.10", worstCase.of(upgrading).await().indefinitely(), "from its shutdown day: the replacement");
        assertPrice("0.02", worstCase.of(request(MediaKind.IMAGE, null, 2, null)).await().indefinitely(), "refused by routing: as named");
    }
}
