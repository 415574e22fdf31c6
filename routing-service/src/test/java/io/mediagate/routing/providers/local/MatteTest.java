package io.mediagate.routing.providers.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import org.junit.jupiter.api.Test;

/** The local matte: the border's colour goes transparent, a subject of another colour stays, edges between are soft. */
class MatteTest {
    private static BufferedImage subject(Color background, Color subject) {
        BufferedImage picture = new BufferedImage(40, 30, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = picture.createGraphics();
        g.setColor(background);
        g.fillRect(0, 0, 40, 30);
        g.setColor(subject);
        g.fillOval(10, 5, 20, 20);
        g.dispose();
        return picture;
    }

    @Test
    void theBackgroundGoesTransparentAndTheSubjectStaysAsItWas() {
        BufferedImage cut = Matte.cutOut(subject(new Color(20, 120, 40), new Color(230, 200, 30)));
        assertEquals(0, cut.getRGB(0, 0) >>> 24);
        assertEquals(0, cut.getRGB(39, 29) >>> 24);
        assertEquals(255, cut.getRGB(20, 15) >>> 24);
        assertEquals(new Color(230, 200, 30).getRGB() & 0xFFFFFF, cut.getRGB(20, 15) & 0xFFFFFF, "the subject's colour kept");
    }

    @Test
    void aColourNearTheBackgroundIsPartlyTransparent() {
        int between = (Matte.CLEAR + Matte.SOLID) / 2; // that far from white in one channel
        BufferedImage cut = Matte.cutOut(subject(Color.WHITE, new Color(255 - between, 255, 255)));
        int alpha = cut.getRGB(20, 15) >>> 24;
        assertTrue(alpha > 0 && alpha < 255, "soft: " + alpha);
    }

    @Test
    void theBackgroundIsTheBordersMostCommonColourEvenWithTheSubjectTouchingIt() {
        BufferedImage picture = subject(Color.BLACK, Color.RED);
        Graphics2D g = picture.createGraphics();
        g.setColor(Color.RED);
        g.fillRect(0, 0, 10, 3); // the subject reaches the border here and there
        g.dispose();
        assertEquals(0x000000, Matte.borderMedian(picture));
    }
}
