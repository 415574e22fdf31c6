package io.mediagate.common.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.values.Input;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A model's lifecycle as a whole, from its own and its offers', and when it has no offer left: before its shutdown day,
 * from 00:00 UTC of that day, and after; and the 410 that names its replacement.
 */
class RetiredModelTest {
    private static final String PAGE = "https://provider.example/deprecations";
    private static final Lifecycle DEC_15 = new Lifecycle(LocalDate.parse("2026-11-01"), LocalDate.parse("2026-12-15"), "acme/new", PAGE);
    private static final Instant BEFORE = Instant.parse("2026-12-14T23:59:59Z");
    private static final Instant AT = Instant.parse("2026-12-15T00:00:00Z");
    private static final Instant AFTER = Instant.parse("2027-01-10T08:00:00Z");

    private static OfferSpec offer(String provider, Lifecycle own) {
        return new OfferSpec(provider, new BigDecimal("0.01"), OfferUnit.IMAGE, List.of(), null, null, null, "m", null, null, null, null, own, null);
    }

    private static ModelSpec model(Lifecycle lifecycle, OfferSpec... offers) {
        return new ModelSpec("acme/old", "Old", "image", "d", List.of(new VersionSpec("1", Instant.EPOCH)), List.of("64x64"), "64x64",
                null, List.of(Input.TEXT), List.of(), List.of(offers), Instant.EPOCH, lifecycle);
    }

    private static ResolvedModel resolved(ModelSpec model, Map<String, Retirement> retired) {
        return new ResolvedModel(model, List.of(), List.of(), Map.of(), retired);
    }

    @Test
    void aModelsOwnLifecycleHoldsForEveryOfferAndRetiresThemAllFromMidnightOfItsShutdownDay() {
        ModelSpec m = model(DEC_15, offer("a", null), offer("b", null));
        assertEquals(DEC_15, m.overallLifecycle());
        assertEquals(Map.of(), RetiredModel.retiredAt(resolved(m, Map.of()), BEFORE));
        assertFalse(RetiredModel.whollyRetired(m, RetiredModel.retiredAt(resolved(m, Map.of()), BEFORE), BEFORE));
        for (Instant now : List.of(AT, AFTER)) {
            Map<String, Retirement> retired = RetiredModel.retiredAt(resolved(m, Map.of()), now);
            assertEquals(List.of("a", "b"), retired.keySet().stream().sorted().toList());
            assertEquals(AT, retired.get("a").at());
            assertEquals("shut down by a on 2026-12-15 (" + PAGE + ")", retired.get("a").reason());
            assertTrue(RetiredModel.whollyRetired(m, retired, now));
        }
    }

    @Test
    void anOfferOutlivingItsModelKeepsItServedAndAnOfferWithoutLifecycleKeepsItAlive() {
        Lifecycle later = new Lifecycle(null, LocalDate.parse("2027-03-01"), "acme/new", PAGE);
        ModelSpec outlived = model(DEC_15, offer("a", null), offer("b", later));
        assertEquals(LocalDate.parse("2027-03-01"), outlived.overallLifecycle().shutdown());
        assertEquals("acme/new", outlived.overallLifecycle().replacement());
        Map<String, Retirement> retired = RetiredModel.retiredAt(resolved(outlived, Map.of()), AFTER);
        assertEquals(List.of("a"), List.copyOf(retired.keySet()));
        assertFalse(RetiredModel.whollyRetired(outlived, retired, AFTER));
        ModelSpec alive = model(null, offer("a", DEC_15), offer("b", null));
        assertNull(alive.overallLifecycle(), "b serves it on");
    }

    @Test
    void withoutLifecycleAModelWhoseEveryOfferIsGoneIsRetiredAsWell() {
        ModelSpec m = model(null, offer("a", null));
        Retirement gone = new Retirement("acme/old", "a", "a answered that the model or endpoint is gone", BEFORE);
        assertTrue(RetiredModel.whollyRetired(m, RetiredModel.retiredAt(resolved(m, Map.of("a", gone)), BEFORE), BEFORE));
        ApiException e = RetiredModel.error(m, BEFORE, List.of(gone));
        assertEquals(ErrorCode.MODEL_RETIRED, e.code());
        assertEquals(410, e.code().status());
        assertEquals("no provider of acme/old has it any more: a answered that the model or endpoint is gone; the catalog names no "
                + "replacement", e.getMessage());
        assertEquals(Map.of(), e.extra());
    }

    @Test
    void theAnswerNamesTheReplacementAndHowToBeServedByIt() {
        ApiException e = RetiredModel.error(model(DEC_15, offer("a", null)), AT, List.of());
        assertEquals("acme/old was shut down by its provider on 2026-12-15 (" + PAGE + "); its replacement is acme/new: name it, or "
                + "send model_upgrades: \"replacement\" to be served by it", e.getMessage());
        assertEquals(Map.of("replacement", "acme/new"), e.extra());
        assertEquals("model", e.param());
    }

    @Test
    void aModelKeptWithoutOffersIsRetiredAndBeforeItsShutdownTheAnswerSaysItWasWithdrawnAhead() {
        ModelSpec kept = model(DEC_15);
        assertEquals(DEC_15, kept.overallLifecycle());
        assertTrue(RetiredModel.whollyRetired(kept, Map.of(), BEFORE));
        assertTrue(RetiredModel.whollyRetired(kept, Map.of(), AT));
        assertEquals("acme/old shuts down at its provider on 2026-12-15 (" + PAGE + ") and is no longer offered; its replacement is "
                + "acme/new: name it, or send model_upgrades: \"replacement\" to be served by it", RetiredModel.error(kept, BEFORE, List.of()).getMessage());
        assertEquals("acme/old was shut down by its provider on 2026-12-15 (" + PAGE + "); its replacement is acme/new: name it, or "
                + "send model_upgrades: \"replacement\" to be served by it", RetiredModel.error(kept, AT, List.of()).getMessage());
    }
}
