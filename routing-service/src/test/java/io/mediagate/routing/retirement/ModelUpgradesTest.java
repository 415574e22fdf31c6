package io.mediagate.routing.retirement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Input;
import io.mediagate.testing.ManualClock;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * A request naming a model with a shutdown announced, with the clock before, at and after 00:00 UTC of its shutdown day:
 * served by it before; from then on its offers are retired here without a call ({@link RetiredOffers#merged}), and the
 * request is refused 410 naming the replacement, or, when it takes upgrades, served by the replacement (followed on while
 * that one is retired too). A model whose every offer answered {@code gone} is 410 without any lifecycle.
 */
class ModelUpgradesTest {
    private static final String PAGE = "https://provider.example/deprecations";
    private static final Instant BEFORE = Instant.parse("2026-12-14T23:59:59Z");
    private static final Instant AT = Instant.parse("2026-12-15T00:00:00Z");
    private static final Instant AFTER = Instant.parse("2027-01-20T00:00:00Z");
    private final ManualClock clock = new ManualClock(BEFORE);
    private final RetiredOffers retired = new RetiredOffers(clock, Duration.ofHours(1));
    private final AtomicInteger lookups = new AtomicInteger();

    private static ResolvedModel model(String id, Lifecycle lifecycle, String... providers) {
        List<OfferSpec> offers = List.of(providers).stream().map(p -> new OfferSpec(p, new BigDecimal("0.01"), OfferUnit.IMAGE, List.of(),
                null, null, null, "m", null, null)).toList();
        ModelSpec spec = new ModelSpec(id, id, "image", "d", List.of(new VersionSpec("1", Instant.EPOCH)), List.of("64x64"), "64x64",
                null, List.of(Input.TEXT), List.of(), offers, Instant.EPOCH, lifecycle);
        return new ResolvedModel(spec, List.of(), List.of(providers), Map.of(), Map.of());
    }

    private static Lifecycle shuts(String day, String replacement) {
        return new Lifecycle(LocalDate.parse("2026-11-01"), LocalDate.parse(day), replacement, PAGE);
    }

    private final Map<String, ResolvedModel> catalog = Map.of(
            "acme/old", model("acme/old", shuts("2026-12-15", "acme/new"), "a", "b"),
            "acme/new", model("acme/new", null, "c"),
            "acme/older", model("acme/older", shuts("2026-10-01", "acme/old"), "a"),
            "acme/last", model("acme/last", shuts("2026-12-15", null), "a"),
            "acme/loop", model("acme/loop", shuts("2026-10-01", "acme/loop2"), "a"),
            "acme/loop2", model("acme/loop2", shuts("2026-10-01", "acme/loop"), "a"));

    private final Function<String, ResolvedModel> resolve = id -> {
        lookups.incrementAndGet();
        return retired.merged(catalog.get(id));
    };

    private ModelUpgrades.Chosen choose(String id, boolean upgrades) {
        return ModelUpgrades.choose(retired.merged(catalog.get(id)), upgrades, resolve, clock.instant());
    }

    @Test
    void beforeItsShutdownDayTheModelItselfServesWithItsOffersRoutable() {
        ModelUpgrades.Chosen chosen = choose("acme/old", false);
        assertEquals("acme/old", chosen.resolved().model().id());
        assertNull(chosen.upgradedFrom());
        assertEquals(Map.of(), chosen.resolved().retired());
        assertEquals(0, lookups.get(), "no replacement looked up");
    }

    @Test
    void fromMidnightOfItsShutdownDayARequestIsRefused410NamingTheReplacement() {
        for (Instant now : List.of(AT, AFTER)) {
            clock.set(now);
            assertEquals(List.of("a", "b"), retired.merged(catalog.get("acme/old")).retired().keySet().stream().sorted().toList(),
                    "its offers are retired here, never called");
            ApiException e = assertThrows(ApiException.class, () -> choose("acme/old", false));
            assertEquals(ErrorCode.MODEL_RETIRED, e.code());
            assertEquals(Map.of("replacement", "acme/new"), e.extra());
            assertTrue(e.getMessage().startsWith("acme/old was shut down by its provider on 2026-12-15 (" + PAGE + "); its replacement is "
                    + "acme/new"), e.getMessage());
        }
    }

    @Test
    void takingUpgradesItIsServedByTheReplacementFromThatInstantOn() {
        clock.set(AT);
        ModelUpgrades.Chosen chosen = choose("acme/old", true);
        assertEquals("acme/new", chosen.resolved().model().id());
        assertEquals("acme/old", chosen.upgradedFrom());
        clock.set(AT.minusMillis(1));
        assertEquals("acme/old", choose("acme/old", true).resolved().model().id(), "a millisecond before, still itself");
    }

    @Test
    void aChainOfRetiredModelsIsFollowedToOneThatServesAndACircleOrNoReplacementIs410() {
        clock.set(AFTER);
        ModelUpgrades.Chosen chosen = choose("acme/older", true);
        assertEquals("acme/new", chosen.resolved().model().id());
        assertEquals("acme/older", chosen.upgradedFrom());
        ApiException circle = assertThrows(ApiException.class, () -> choose("acme/loop", true));
        assertEquals(ErrorCode.MODEL_RETIRED, circle.code());
        ApiException none = assertThrows(ApiException.class, () -> choose("acme/last", true));
        assertEquals(Map.of(), none.extra());
        assertTrue(none.getMessage().endsWith("the catalog names no replacement"), none.getMessage());
    }

    @Test
    void aModelWhoseEveryProviderAnsweredGoneIs410WithoutAnyLifecycle() {
        ResolvedModel vanished = model("acme/vanished", null, "a", "b");
        retired.retire("acme/vanished", "a", "a answered 404 model_not_found");
        assertEquals("acme/vanished", ModelUpgrades.choose(retired.merged(vanished), true, resolve, clock.instant()).resolved().model().id(),
                "b is left");
        retired.retire("acme/vanished", "b", "b answered 410");
        ApiException e = assertThrows(ApiException.class, () -> ModelUpgrades.choose(retired.merged(vanished), true, resolve, clock.instant()));
        assertEquals(ErrorCode.MODEL_RETIRED, e.code());
        assertEquals(410, e.code().status());
    }
}
