package io.mediagate.routing.providers.recraft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FormParts;
import io.mediagate.testing.TestImages;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Recraft's image tools against the same fake: the whole conformance suite on the crisp upscaler
 * ({@code /v1/images/crispUpscale}), then the form (the picture as {@code image}, base64 asked, PNG asked) and the answer
 * (one {@code image}, not a {@code data} list).
 */
@Exercises(adapters = "recraft", value = "upscale")
class RecraftUtilityConformanceTest extends RecraftConformanceTest {
    private static final SourceImage PICTURE = new SourceImage(TestImages.png(256, 256), "image/png", 256, 256);

    private static ImageTask task(String tool, TaskControl control) {
        return new ImageTask(tool, Map.of(), "1", null, 512, 512, 1, Map.of(), control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        untoldPrompt = prompt;
        return new RecraftUtilities(upstream).apply(provider, ImageSources.UPSCALE, task("crispUpscale", control), PICTURE)
                .stream().map(i -> i.mime()).toList();
    }

    @Test
    void theCrispUpscaleSendsThePictureAsImageAndReadsTheOneImage() {
        var made = new RecraftUtilities(upstream(false)).apply(provider(), ImageSources.UPSCALE, task("crispUpscale", TaskControl.NONE), PICTURE);
        var request = fake.received().getLast();
        assertEquals("/v1/images/crispUpscale", request.path());
        assertEquals("Bearer " + secret(), request.header("Authorization"));
        FormParts form = FormParts.parse(request.header("Content-Type"), request.body());
        assertArrayEquals(PICTURE.bytes(), form.all("image").getFirst().bytes());
        assertEquals("b64_json", form.text("response_format", null));
        assertEquals("png", form.text("image_format", null));
        assertEquals(new ContentSniffer.Dimensions(512, 512), ContentSniffer.dimensions(made.getFirst().bytes()).orElseThrow());
    }

    @Exercises("remove-background")
    @Test
    void aBackgroundRemovalGoesToItsTool() {
        new RecraftUtilities(upstream(false)).apply(provider(), ImageSources.REMOVE_BACKGROUND, task("removeBackground", TaskControl.NONE),
                PICTURE);
        assertEquals("/v1/images/removeBackground", fake.received().getLast().path());
    }

    @Test
    void aPictureRecraftDoesNotTakeIsPassedOverWithoutACall() {
        var small = new SourceImage(TestImages.png(200, 200), "image/png", 200, 200);
        ProviderException refused = assertThrows(ProviderException.class, () -> new RecraftUtilities(upstream(false)).apply(provider(),
                ImageSources.REMOVE_BACKGROUND, task("removeBackground", TaskControl.NONE), small));
        assertEquals(FailureClass.REJECTED, refused.failure());
        assertEquals(0, fake.received().size());
    }
}
