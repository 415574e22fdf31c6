package io.mediagate.common.media;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

class ContentSnifferTest {
    @Test
    void recognisesPngAndReadsItsSize() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(37, 11, BufferedImage.TYPE_INT_RGB), "png", out);
        byte[] png = out.toByteArray();
        assertEquals(Optional.of("image/png"), ContentSniffer.mime(png));
        assertEquals(Optional.of(new ContentSniffer.Dimensions(37, 11)), ContentSniffer.pngDimensions(png));
    }

    @Test
    void recognisesJpegGifWebpAndMp4ByTheirBytes() throws Exception {
        ByteArrayOutputStream jpeg = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(4, 4, BufferedImage.TYPE_INT_RGB), "jpg", jpeg);
        assertEquals(Optional.of("image/jpeg"), ContentSniffer.mime(jpeg.toByteArray()));
        assertEquals(Optional.of("image/gif"), ContentSniffer.mime("GIF89a......".getBytes()));
        assertEquals(Optional.of("image/webp"), ContentSniffer.mime("RIFF\0\0\0\0WEBPVP8 ".getBytes()));
        assertEquals(Optional.of("video/mp4"), ContentSniffer.mime("\0\0\0\u0018ftypisom".getBytes()));
    }

    @Test
    void textIsNotMedia() {
        assertTrue(ContentSniffer.mime("<html>hello</html>".getBytes()).isEmpty());
        assertTrue(ContentSniffer.pngDimensions("GIF89a".getBytes()).isEmpty());
    }
}
