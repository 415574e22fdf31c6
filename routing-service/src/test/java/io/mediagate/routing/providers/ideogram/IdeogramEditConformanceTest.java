package io.mediagate.routing.providers.ideogram;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FormParts;
import io.mediagate.testing.TestImages;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The whole conformance suite on Ideogram's edits: inpaint with a mask (black where it changes), remix without. */
@Exercises(adapters = "ideogram", value = "edit")
class IdeogramEditConformanceTest extends IdeogramConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new IdeogramImageGenerator(upstream).edit(provider, task(prompt, 1024, 1024, 1, Map.of(), control), List.of(EditSamples.PNG),
                EditSamples.MASK).stream().map(i -> i.mime()).toList();
    }

    @Test
    void aMaskedEditInpaintsWithTheMaskBlackWhereTheImageChanges() {
        new IdeogramImageGenerator(upstream(false)).edit(provider(), task("a red door", 1024, 1024, 1, Map.of(), TaskControl.NONE),
                List.of(EditSamples.PNG), EditSamples.MASK);
        var request = fake.received().getFirst();
        assertEquals("/v1/ideogram-v3/inpaint", request.path());
        FormParts form = form(request);
        assertArrayEquals(EditSamples.PNG.bytes(), form.all("image").getFirst().bytes());
        BufferedImage mask = TestImages.decode(form.all("mask").getFirst().bytes());
        assertEquals(0x000000, mask.getRGB(4, 10) & 0xFFFFFF, "black on the transparent (changing) left half");
        assertEquals(0xFFFFFF, mask.getRGB(28, 10) & 0xFFFFFF, "white where it stays");
    }

    @Test
    void anEditWithoutAMaskRemixesTheFirstSourceWithTheOffersWeight() {
        new IdeogramImageGenerator(upstream(false)).edit(provider(), task("as a watercolour", 768, 1024, 1, Map.of("image_weight", "70"),
                TaskControl.NONE), List.of(EditSamples.JPEG, EditSamples.PNG), null);
        var request = fake.received().getFirst();
        assertEquals("/v1/ideogram-v3/remix", request.path());
        FormParts form = form(request);
        assertEquals("70", form.text("image_weight", null));
        assertEquals("3x4", form.text("aspect_ratio", null));
        assertEquals(1, form.all("image").size());
        assertTrue(form.all("image").getFirst().fileName().endsWith(".jpg"));
        assertTrue(form.all("mask").isEmpty());
    }
}
