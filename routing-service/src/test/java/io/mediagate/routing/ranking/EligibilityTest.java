package io.mediagate.routing.ranking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Input;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which offers may serve an edit: those that take an image, and a mask when one is sent. */
class EligibilityTest {
    private static OfferSpec offer(List<String> inputs) {
        return new OfferSpec("p", BigDecimal.ONE, OfferUnit.IMAGE, List.of(), null, null,
                inputs == null ? null : inputs.stream().map(Input::of).toList(), null, null, null);
    }

    private final ModelSpec model = new ModelSpec("acme/img", "Img", "image", "", List.of(new VersionSpec("1", Instant.EPOCH)),
            List.of("512x512"), "512x512", null, List.of(Input.TEXT, Input.IMAGE, Input.MASK), List.of(), List.of(), Instant.EPOCH);

    @Test
    void anEditNeedsAnImageInputAndAMaskOnlyWhenOneIsSent() {
        Eligibility.Need edit = new Eligibility.Need("1", "512x512", null, "image", false, false);
        Eligibility.Need masked = new Eligibility.Need("1", "512x512", null, "image", false, true);
        assertEquals("image", Eligibility.unmet(model, offer(List.of("text")), edit));
        assertNull(Eligibility.unmet(model, offer(List.of("text", "image")), edit));
        assertEquals("mask", Eligibility.unmet(model, offer(List.of("text", "image")), masked));
        assertNull(Eligibility.unmet(model, offer(List.of("text", "image", "mask")), masked));
        assertNull(Eligibility.unmet(model, offer(null), masked), "an offer without its own inputs takes the model's");
    }

    @Test
    void aVideosImageUrlIsNamedAsSuch() {
        assertEquals("image_url", Eligibility.unmet(model, offer(List.of("text")), new Eligibility.Need("1", "512x512", null, "image_url", false, false)));
        assertNull(Eligibility.unmet(model, offer(List.of("text")), Eligibility.Need.of("1", "512x512")));
    }

    @Test
    void anOfferThatNeedsAnImageServesNoTextOnlyRequest() {
        Eligibility.Need textOnly = Eligibility.Need.of("1", "512x512");
        assertEquals("image", Eligibility.unmet(model, offer(List.of("image")), textOnly), "fal's Kontext edit endpoint requires image_url");
        assertNull(Eligibility.unmet(model, offer(List.of("text")), textOnly));
        assertNull(Eligibility.unmet(model, offer(List.of("image")), new Eligibility.Need("1", "512x512", null, "image", false, false)));
    }
}
