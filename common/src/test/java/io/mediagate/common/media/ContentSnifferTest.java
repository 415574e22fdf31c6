package io.mediagate.common.media;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
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
    void readsTheSizeOfJpegWebpAndGif() throws Exception {
        ByteArrayOutputStream jpeg = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(37, 11, BufferedImage.TYPE_INT_RGB), "jpg", jpeg);
        assertEquals(Optional.of(new ContentSniffer.Dimensions(37, 11)), ContentSniffer.dimensions(jpeg.toByteArray()));
        ByteArrayOutputStream gif = new ByteArrayOutputStream();
        ImageIO.write(new BufferedImage(5, 300, BufferedImage.TYPE_INT_RGB), "gif", gif);
        assertEquals(Optional.of(new ContentSniffer.Dimensions(5, 300)), ContentSniffer.dimensions(gif.toByteArray()));

        // WebP headers as the format's specification lays them out: lossy frame, lossless bitstream, extended canvas.
        byte[] lossy = webp("VP8 ", 0x30, 0x01, 0x00, 0x9D, 0x01, 0x2A, 1500 & 0xFF, 1500 >> 8, 844 & 0xFF, 844 >> 8);
        assertEquals(Optional.of(new ContentSniffer.Dimensions(1500, 844)), ContentSniffer.dimensions(lossy));
        int bits = (37 - 1) | (11 - 1) << 14;
        byte[] lossless = webp("VP8L", 0x2F, bits & 0xFF, (bits >> 8) & 0xFF, (bits >> 16) & 0xFF, (bits >> 24) & 0xFF, 0, 0, 0, 0, 0);
        assertEquals(Optional.of(new ContentSniffer.Dimensions(37, 11)), ContentSniffer.dimensions(lossless));
        byte[] extended = webp("VP8X", 0x10, 0, 0, 0, (4096 - 1) & 0xFF, (4096 - 1) >> 8, 0, (2160 - 1) & 0xFF, (2160 - 1) >> 8, 0);
        assertEquals(Optional.of(new ContentSniffer.Dimensions(4096, 2160)), ContentSniffer.dimensions(extended));
    }

    private static byte[] webp(String chunk, int... payload) {
        byte[] b = new byte[20 + payload.length];
        System.arraycopy("RIFF\0\0\0\0WEBP".getBytes(), 0, b, 0, 12);
        System.arraycopy(chunk.getBytes(), 0, b, 12, 4);
        for (int i = 0; i < payload.length; i++) {
            b[20 + i] = (byte) payload[i];
        }
        return b;
    }

    @Test
    void textIsNotMedia() {
        assertTrue(ContentSniffer.mime("<html>hello</html>".getBytes()).isEmpty());
        assertTrue(ContentSniffer.pngDimensions("GIF89a".getBytes()).isEmpty());
        assertTrue(ContentSniffer.dimensions(new byte[] {(byte) 0xFF, (byte) 0xD8, (byte) 0xFF, 0x00, 0x01}).isEmpty());
    }

    @Test
    void anSvgIsAResultButNeverAnUploadType() {
        byte[] svg = ("\uFEFF<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!-- made by a vector model -->\n"
                + "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" \"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n"
                + "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height='768px' viewBox=\"0 0 10 10\"><rect/></svg>")
                .getBytes(StandardCharsets.UTF_8);
        assertEquals(Optional.empty(), ContentSniffer.mime(svg), "uploads and edit sources never take SVG");
        assertEquals(Optional.of(ContentSniffer.SVG), ContentSniffer.result(svg));
        assertEquals("svg", ContentSniffer.extension(ContentSniffer.SVG));
        assertEquals(Optional.of(new ContentSniffer.Dimensions(1024, 768)), ContentSniffer.dimensions(svg));
    }

    @Test
    void anSvgWithoutPixelSizeIsMeasuredByItsViewBox() {
        byte[] relative = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100%\" viewBox=\"0, 0, 1365.4 1024\">".getBytes();
        assertEquals(Optional.of(new ContentSniffer.Dimensions(1365, 1024)), ContentSniffer.dimensions(relative));
        assertEquals(Optional.of(ContentSniffer.SVG), ContentSniffer.result("<svg>".getBytes()));
        assertTrue(ContentSniffer.dimensions("<svg>".getBytes()).isEmpty(), "no size given, none made up");
    }

    @Test
    void textThatMerelyMentionsSvgIsNotOne() {
        assertTrue(ContentSniffer.result("<html><svg width=\"1\" height=\"1\"></svg></html>".getBytes()).isEmpty());
        assertTrue(ContentSniffer.result("<svgfoo>".getBytes()).isEmpty());
        assertTrue(ContentSniffer.result("<?xml version=\"1.0\"?><rss/>".getBytes()).isEmpty());
        assertTrue(ContentSniffer.result("<!-- never closed <svg>".getBytes()).isEmpty());
        // An internal subset defines entities (the "billion laughs" shape): not taken for an image.
        assertTrue(ContentSniffer.result("<!DOCTYPE svg [<!ENTITY a \"aaaa\">]><svg>&a;</svg>".getBytes()).isEmpty());
    }
}
