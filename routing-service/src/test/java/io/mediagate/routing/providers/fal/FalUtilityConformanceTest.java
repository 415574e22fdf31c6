package io.mediagate.routing.providers.fal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.events.ImageSources;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.ShippedOffers;
import io.mediagate.testing.TestImages;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * fal's image tools against the same fake (which holds every input to the endpoint's schema, as fal does): the whole
 * conformance suite on Topaz's upscaler ({@code fal-ai/topaz/upscale/image}, answered with one {@code image}), then what the
 * inputs carry: the picture inline, the smallest factor reaching the size asked, a PNG, the offer's fixed model, and
 * nothing of ours (the caller's scale is fitted by routing, never sent).
 */
@Exercises(adapters = "fal", value = "upscale")
class FalUtilityConformanceTest extends FalConformanceTest {
    private static final SourceImage PICTURE = new SourceImage(TestImages.png(300, 200), "image/png", 300, 200);
    private static final String TOPAZ = "fal-ai/topaz/upscale/image";

    private static ImageTask task(String model, int width, int height, TaskControl control) {
        var offer = ShippedOffers.offer("fal", model);
        return new ImageTask(model, offer.options(), "1", null, width, height, 1, Map.of("scale", 4), control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        untoldPrompt = prompt;
        return new FalGenerator(upstream).apply(provider, ImageSources.UPSCALE, task(TOPAZ, 600, 400, control), PICTURE).stream()
                .map(i -> i.mime()).toList();
    }

    @Test
    void anUpscaleAsksForTheSmallestFactorReachingTheSizeAsAPngWithTheOffersModel() {
        new FalGenerator(upstream(false)).apply(provider(), ImageSources.UPSCALE, task(TOPAZ, 1200, 780, TaskControl.NONE), PICTURE);
        var submit = fake.received().getFirst();
        assertEquals("/" + TOPAZ, submit.path());
        var input = submit.json();
        assertTrue(input.path("image_url").asText().startsWith("data:image/png;base64,"));
        assertEquals(4, input.path("upscale_factor").asInt(), "780 high from 200 needs more than 3");
        assertEquals("png", input.path("output_format").asText());
        assertEquals("Standard V2", input.path("model").asText(), "the model the offer's price is for");
        assertTrue(input.path("scale").isMissingNode(), "our scale is fitted here, never sent");
        assertTrue(input.path("prompt").isMissingNode());
    }

    @Exercises("remove-background")
    @Test
    void aBackgroundRemovalSendsThePictureAloneAndReadsTheOneImage() {
        var made = new FalGenerator(upstream(false)).apply(provider(), ImageSources.REMOVE_BACKGROUND,
                task("fal-ai/bria/background/remove", 300, 200, TaskControl.NONE), PICTURE);
        assertEquals(1, made.size());
        var input = fake.received().getFirst().json();
        assertEquals("/fal-ai/bria/background/remove", fake.received().getFirst().path());
        assertEquals(List.of("image_url"), iterate(input.fieldNames()));
    }

    @Test
    void anUpscaleOverTwentyFourMegapixelsPassesTheOfferOverWithoutACall() {
        ProviderException refused = assertThrows(ProviderException.class, () -> new FalGenerator(upstream(false)).apply(provider(),
                ImageSources.UPSCALE, task(TOPAZ, 6000, 4500, TaskControl.NONE), PICTURE));
        assertEquals(FailureClass.REJECTED, refused.failure(), "the offer's fault: routing tries another");
        assertEquals(0, fake.received().size());
    }

    private static List<String> iterate(java.util.Iterator<String> names) {
        List<String> all = new java.util.ArrayList<>();
        names.forEachRemaining(all::add);
        return all;
    }
}
