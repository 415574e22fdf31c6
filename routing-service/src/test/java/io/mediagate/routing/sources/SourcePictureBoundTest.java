package io.mediagate.routing.sources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ApiException;
import io.mediagate.testing.TestImages;
import org.junit.jupiter.api.Test;

/**
 * A hostile source picture (of an edit, a reference, a utility, a video's frame): a few bytes of PNG declaring a 40000x40000
 * frame is refused before anything decodes it.
 */
class SourcePictureBoundTest {
    @Test
    void aPictureDeclaringAHugeFrameIsRefusedByNameNotDecoded() {
        ApiException refused = assertThrows(ApiException.class, () -> SourceItems.picture(TestImages.pngHeaderOnly(40_000, 40_000), "image_url"));
        assertEquals("image_url", refused.param());
        assertEquals(64, SourceItems.picture(TestImages.png(64, 48), "image_url").width(), "an ordinary picture is taken");
    }
}
