package io.mediagate.routing.providers.recraft;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FormParts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The whole conformance suite on Recraft's edits: inpaint with a mask (white where it changes), image-to-image without. */
@Exercises(adapters = "recraft", value = "edit")
class RecraftEditConformanceTest extends RecraftConformanceTest {
    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return new RecraftImageGenerator(upstream).edit(provider, task(prompt, 1024, 1024, 1, Map.of(), control), List.of(EditSamples.PNG),
                EditSamples.MASK).stream().map(i -> i.mime()).toList();
    }

    private FormParts lastForm() {
        var request = fake.received().getLast();
        return FormParts.parse(request.header("Content-Type"), request.body());
    }

    @Test
    void aMaskedEditInpaintsWithTheMaskWhiteWhereTheImageChanges() {
        new RecraftImageGenerator(upstream(false)).edit(provider(), task("a red door", 1024, 1024, 1, Map.of(), TaskControl.NONE),
                List.of(EditSamples.PNG), EditSamples.MASK);
        assertTrue(fake.received().getLast().path().endsWith("/images/inpaint"));
        FormParts form = lastForm();
        assertArrayEquals(EditSamples.PNG.bytes(), form.all("image").getFirst().bytes());
        assertTrue(EditSamples.isConvertedMask(form.all("mask").getFirst().bytes()), "white where the OpenAI mask is transparent");
        assertEquals("recraftv3", form.text("model", null));
    }

    @Test
    void anEditWithoutAMaskIsImageToImageAtTheOffersStrength() {
        new RecraftImageGenerator(upstream(false)).edit(provider(), task("as a watercolour", 1024, 1024, 1, Map.of(), TaskControl.NONE),
                List.of(EditSamples.JPEG), null);
        assertTrue(fake.received().getLast().path().endsWith("/images/imageToImage"));
        FormParts form = lastForm();
        assertEquals("0.5", form.text("strength", null));
        assertTrue(form.all("mask").isEmpty());
        assertTrue(form.all("image").getFirst().fileName().endsWith(".jpg"));
    }
}
