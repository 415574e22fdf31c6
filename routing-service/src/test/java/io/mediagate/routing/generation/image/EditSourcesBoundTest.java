package io.mediagate.routing.generation.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ApiException;
import io.mediagate.testing.TestImages;
import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** A hostile source: a few bytes of PNG declaring a 40000x40000 frame is refused before anything decodes it. */
class EditSourcesBoundTest {
    @Test
    void aPictureDeclaringAHugeFrameIsRefusedByNameNotDecoded() {
        ByteBuffer png = ByteBuffer.allocate(33);
        png.put(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A});
        png.putInt(13).put(new byte[] {'I', 'H', 'D', 'R'}).putInt(40_000).putInt(40_000);
        png.put(new byte[] {8, 6, 0, 0, 0}).putInt(0);
        ApiException refused = assertThrows(ApiException.class, () -> EditSources.image(png.array(), "image_url"));
        assertEquals("image_url", refused.param());
        assertEquals(64, EditSources.image(TestImages.png(64, 48), "image_url").width(), "an ordinary picture is taken");
    }
}
