package io.mediagate.routing.generation.image;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mediagate.common.events.ImageOptions.Background;
import io.mediagate.common.events.ImageOptions.Format;
import io.mediagate.common.events.ImageOptions.Quality;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.events.ImageOutput;
import io.mediagate.routing.imaging.ImageEncoder;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.testing.TestImages;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What is converted after a provider made an image, and what the answer says was delivered. */
class ImageDeliveryTest {
    private static final GeneratedImage OPAQUE_PNG = new GeneratedImage(TestImages.png(8, 8), "image/png", null);
    private static final GeneratedImage CLEAR_PNG = new GeneratedImage(TestImages.pngOf(8, 8, 0x00000000), "image/png", null);
    private static final List<String> NATIVE = List.copyOf(ImageOptions.NAMES);

    private static ImageOptions format(Format format, Integer compression) {
        return new ImageOptions(null, format, compression, null, null, null);
    }

    @Test
    void anOfferThatMakesTheFormatItselfIsLeftAlone() {
        GeneratedImage webp = new GeneratedImage(TestImages.webp(8, 8, 0xFF000000), "image/webp", null);
        assertNull(ImageDelivery.target(format(Format.WEBP, 40), NATIVE, webp));
    }

    @Test
    void anotherOffersResultIsReEncodedAsAsked() {
        assertEquals(new ImageEncoder.Target(Format.WEBP, 40, false), ImageDelivery.target(format(Format.WEBP, 40), List.of(), OPAQUE_PNG));
        assertEquals(new ImageEncoder.Target(Format.JPEG, 30, false),
                ImageDelivery.target(format(Format.JPEG, 30), List.of(), new GeneratedImage(TestImages.jpeg(8, 8), "image/jpeg", null)),
                "a JPEG asked at a compression the provider never saw is encoded again");
        assertNull(ImageDelivery.target(format(Format.PNG, null), List.of(), OPAQUE_PNG), "a PNG asked and made is kept");
    }

    @Test
    void anOpaqueBackgroundIsMadeOnlyWhereTheImageMayBeTransparent() {
        ImageOptions opaque = new ImageOptions(null, null, null, Background.OPAQUE, null, null);
        assertNull(ImageDelivery.target(opaque, List.of(), OPAQUE_PNG));
        assertEquals(new ImageEncoder.Target(Format.PNG, null, true), ImageDelivery.target(opaque, List.of(), CLEAR_PNG));
        assertNull(ImageDelivery.target(opaque, List.of(ImageOptions.BACKGROUND), CLEAR_PNG), "an offer honouring it is trusted");
    }

    @Test
    void theAnswerSaysWhatTheProviderReportsElseWhatWasAskedAndHonoured() {
        GeneratedImage reported = new GeneratedImage(TestImages.png(8, 8), "image/png", null,
                new GeneratedImage.Made("medium", "opaque", Map.of("total_tokens", 110)));
        ImageOptions auto = new ImageOptions(Quality.AUTO, null, null, Background.AUTO, null, null);
        assertEquals(new ImageOutput("png", "medium", "opaque", "8x8", Map.of("total_tokens", 110)),
                ImageDelivery.delivered(auto, List.of(reported), "8x8"));
        ImageOptions high = new ImageOptions(Quality.HIGH, Format.JPEG, null, null, null, null);
        assertEquals(new ImageOutput("jpeg", "high", null, "8x8", null),
                ImageDelivery.delivered(high, List.of(new GeneratedImage(TestImages.jpeg(8, 8), "image/jpeg", null)), "8x8"));
    }
}
