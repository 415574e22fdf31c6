package io.mediagate.routing.providers.bedrock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.testing.TestImages;
import java.awt.image.BufferedImage;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The whole conformance suite on Nova Canvas edits: INPAINTING with a mask (black where it changes), IMAGE_VARIATION without. */
@Exercises(adapters = "bedrock", value = "edit")
class NovaCanvasEditConformanceTest extends NovaCanvasConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return generator(upstream).edit(provider, task(prompt, 1, control), List.of(EditSamples.PNG), EditSamples.MASK)
                .stream().map(i -> i.mime()).toList();
    }

    @Exercises("mask")
    @Test
    void aMaskedEditInpaintsWithTheMaskBlackWhereTheImageChanges() {
        generator(upstream(false)).edit(provider(), task("a red door", 1, TaskControl.NONE), List.of(EditSamples.PNG), EditSamples.MASK);
        JsonNode body = fake.received().getLast().json();
        assertEquals("INPAINTING", body.path("taskType").asText());
        JsonNode params = body.path("inPaintingParams");
        assertEquals(EditSamples.PNG.base64(), params.path("image").asText());
        BufferedImage mask = TestImages.decode(Base64.getDecoder().decode(params.path("maskImage").asText()));
        assertEquals(0x000000, mask.getRGB(4, 10) & 0xFFFFFF, "black on the transparent (changing) left half");
        assertEquals(0xFFFFFF, mask.getRGB(28, 10) & 0xFFFFFF, "white where the image is kept");
        assertFalse(mask.getColorModel().hasAlpha(), "Nova refuses masks with transparency");
    }

    @Test
    void anEditWithoutAMaskIsAnImageVariation() {
        generator(upstream(false)).edit(provider(), task("as a watercolour", 1, TaskControl.NONE), List.of(EditSamples.JPEG, EditSamples.PNG), null);
        JsonNode body = fake.received().getLast().json();
        assertEquals("IMAGE_VARIATION", body.path("taskType").asText());
        JsonNode params = body.path("imageVariationParams");
        assertEquals(2, params.path("images").size());
        assertEquals(0.7, params.path("similarityStrength").asDouble());
        assertEquals("as a watercolour", params.path("text").asText());
    }
}
