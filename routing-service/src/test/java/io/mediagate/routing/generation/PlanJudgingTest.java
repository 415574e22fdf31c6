package io.mediagate.routing.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.values.Input;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.RankingTest;
import io.mediagate.routing.ranking.RoutingMode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A provider's refusal of a request that passed our validation is the offer's fault ({@code rejected}) unless it names
 * a field the caller set: the prompt, an input, or a parameter the caller asked for.
 */
class PlanJudgingTest {
    private static final ModelSpec MODEL = new ModelSpec("acme/m", "M", "image", "d", List.of(new VersionSpec("1", Instant.EPOCH)),
            List.of("64x64"), "64x64", null, List.of(Input.TEXT), List.of(), List.of(), Instant.EPOCH);
    private static final Plan PLAN = new Plan(MODEL, MODEL.versions().getFirst(), RoutingMode.OPTIMAL,
            new Parameters.Checked(Map.of("quality", "high"), List.of()), io.mediagate.common.values.Size.of("64x64"), null, List.of());

    private static FailureClass judged(ProviderException refusal) {
        return assertThrows(ProviderException.class, () -> PLAN.judging(c -> { throw refusal; }).apply(RankingTest.c("a:0.01:")))
                .failure();
    }

    @Test
    void aRefusalOfWhatWeTranslatedIsTheOffers() {
        assertEquals(FailureClass.REJECTED, judged(ProviderException.rejected("Invalid value for 'size'.", "size")));
        assertEquals(FailureClass.REJECTED, judged(ProviderException.rejected("the provider rejected the request")));
    }

    @Test
    void aRefusalNamingWhatTheCallerSetIsTheCallers() {
        assertEquals(FailureClass.CALLER_ERROR, judged(ProviderException.rejected("too long", "prompt")));
        assertEquals(FailureClass.CALLER_ERROR, judged(ProviderException.rejected("bad quality", "quality")));
        assertEquals(FailureClass.CALLER_ERROR, judged(ProviderException.rejected("could not use the input image", "image")));
    }

    @Test
    void otherFailuresAreLeftAsTheyAre() {
        assertEquals(FailureClass.MODERATION, judged(ProviderException.moderated("refused")));
        ProviderException cancelled = new ProviderException(ErrorCode.JOB_CANCELLED, FailureClass.CALLER_ERROR, "cancelled", null);
        assertEquals(FailureClass.CALLER_ERROR, judged(cancelled));
    }
}
