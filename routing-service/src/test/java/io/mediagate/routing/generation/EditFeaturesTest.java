package io.mediagate.routing.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Input;
import io.mediagate.routing.providers.openai.OpenAiImageGenerator;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Eligibility;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.RoutingMode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * An edit offer stands without the features its provider's edit endpoint does not take: OpenAI's edits take no
 * {@code moderation}, so an edit asking for it is not sent it (and says so), or is refused when the provider is explicit.
 */
class EditFeaturesTest {
    private static final ProviderSpec OPENAI = new ProviderSpec("openai", "OpenAI", "openai", List.of("image"), true, null, null,
            Instant.EPOCH);
    private static final OfferSpec GPT_IMAGE = new OfferSpec("openai", new BigDecimal("0.042"), OfferUnit.IMAGE,
            List.of("quality", "moderation"), null, null, null, "gpt-image-2.6-sunburst", null, null);
    private static final ModelSpec MODEL = new ModelSpec("openai/gpt-image-2.6-sunburst", "GPT Image 2.6 Sunburst", "image", "",
            List.of(new VersionSpec("1", Instant.EPOCH)), List.of("1024x1024"), "1024x1024", null, List.of(Input.TEXT, Input.IMAGE, Input.MASK),
            List.of(), List.of(GPT_IMAGE), Instant.EPOCH);
    private static final ResolvedModel RESOLVED = new ResolvedModel(MODEL, List.of(OPENAI), List.of("openai"), Map.of());
    private static final Candidates.Operation EDIT = new Candidates.Operation(p -> true,
            p -> new OpenAiImageGenerator(null, OpenAiImageGenerator.OPENAI_BASE).notTakenByEdits());
    private static final Eligibility.Need NEED = new Eligibility.Need("1", "1024x1024", null, "image", false, false);
    private static final Parameters.Checked ASKED = new Parameters.Checked(Map.of("quality", "high", "moderation", "low"), List.of());

    @Test
    void anEditIsNotSentWhatTheEditEndpointDoesNotTake() {
        List<Candidate> ranked = Candidates.rank(RESOLVED, RoutingMode.OPTIMAL, null, NEED, ASKED, EDIT, id -> false);
        assertEquals(List.of("quality"), ranked.getFirst().features());
        Plan plan = new Plan(MODEL, MODEL.versions().getFirst(), RoutingMode.OPTIMAL, ASKED, io.mediagate.common.values.Size.of("1024x1024"), null, ranked);
        assertEquals(Map.of("quality", "high"), plan.params(ranked.getFirst()), "moderation is not sent to the edit");
    }

    @Test
    void anEditAtAnExplicitProviderThatCannotTakeAParameterIsRefusedNamingIt() {
        ApiException e = assertThrows(ApiException.class,
                () -> Candidates.rank(RESOLVED, RoutingMode.EXPLICIT, "openai", NEED, ASKED, EDIT, id -> false));
        assertEquals(ErrorCode.UNSUPPORTED_PARAMETER, e.code());
        assertEquals("moderation", e.param());
    }

    @Test
    void aGenerationStillTakesModeration() {
        Candidates.Operation generate = new Candidates.Operation(p -> true, p -> Set.of());
        Eligibility.Need text = Eligibility.Need.of("1", "1024x1024");
        List<Candidate> ranked = Candidates.rank(RESOLVED, RoutingMode.EXPLICIT, "openai", text, ASKED, generate, id -> false);
        assertEquals(List.of("quality", "moderation"), ranked.getFirst().features());
    }
}
