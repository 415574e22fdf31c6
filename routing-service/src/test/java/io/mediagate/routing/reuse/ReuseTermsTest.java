package io.mediagate.routing.reuse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.values.Input;
import io.mediagate.common.values.Size;
import io.mediagate.routing.generation.Plan;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.RoutingMode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What makes two requests one result: the same terms and seed, and the same pictures by their bytes; nothing without a seed. */
class ReuseTermsTest {
    private static final ModelSpec MODEL = new ModelSpec("local/pattern", "P", "image", "d", List.of(new VersionSpec("2.0", Instant.EPOCH)),
            List.of("256x256"), "256x256", null, List.of(Input.TEXT, Input.IMAGE), List.of(), List.of(), Instant.EPOCH);
    private static final Plan PLAN = new Plan(MODEL, MODEL.versions().getFirst(), RoutingMode.OPTIMAL, new Parameters.Checked(Map.of(), List.of(), java.util.Set.of()),
            Size.of("256x256"), null, List.of());

    private static GenerationRequest request(String prompt, Map<String, Object> extras, boolean isPublic, String format) {
        var origin = new GenerationRequest.Origin("job_" + System.nanoTime(), "req", "usr_a", null, null, Instant.now());
        return GenerationRequest.image(origin, new GenerationRequest.Ask("local/pattern", null, null, prompt, null, isPublic, extras), 1, format,
                null, ImageOptions.NONE);
    }

    private static SourceImage picture(byte... bytes) {
        return new SourceImage(bytes, "image/png", 1, 1);
    }

    @Test
    void theSameTermsAndSeedAreOneResultWhateverTheirDeliveryOrVisibility() {
        String terms = ReuseTerms.of(request("a kite", Map.of("seed", 7), true, "url"), PLAN, List.of(), null);
        assertEquals(terms, ReuseTerms.of(request("a kite", Map.of("seed", 7), false, "b64_json"), PLAN, List.of(), null));
        assertNotEquals(terms, ReuseTerms.of(request("a kite", Map.of("seed", 8), true, "url"), PLAN, List.of(), null));
        assertNotEquals(terms, ReuseTerms.of(request("a kit", Map.of("seed", 7), true, "url"), PLAN, List.of(), null));
        assertNotEquals(terms, ReuseTerms.of(request("a kite", Map.of("seed", 7, "style", "rings"), true, "url"), PLAN, List.of(), null));
    }

    @Test
    void picturesCountByTheirBytesAndWithoutASeedNothingIsTheSameTwice() {
        GenerationRequest edit = request("blue", Map.of("seed", 1), true, "url");
        String red = ReuseTerms.of(edit, PLAN, List.of(picture((byte) 1, (byte) 2)), null);
        assertEquals(red, ReuseTerms.of(edit, PLAN, List.of(picture((byte) 1, (byte) 2)), null));
        assertNotEquals(red, ReuseTerms.of(edit, PLAN, List.of(picture((byte) 1, (byte) 3)), null));
        assertNotEquals(red, ReuseTerms.of(edit, PLAN, List.of(picture((byte) 1, (byte) 2)), picture((byte) 9)), "with a mask");
        assertNull(ReuseTerms.of(request("a kite", Map.of(), true, "url"), PLAN, List.of(), null));
    }
}
