package io.mediagate.common.values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.ValueInstantiationException;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SizeTest {
    private final ObjectMapper json = new ObjectMapper();

    @Test
    void aFrameAndAVideoLabelAreParsedOnceWithTheirSides() {
        Size image = Size.of("1536x1024");
        assertEquals(1536, image.width());
        assertEquals(1024, image.height());
        assertEquals("3:2", image.aspectRatio());
        assertTrue(image.video().isEmpty());
        Size video = Size.of("720P");
        assertEquals("720p", video.label(), "a video label in any case is the contract's label");
        assertEquals(1280, video.width());
        assertEquals(720, video.height());
        assertEquals("16:9", video.aspectRatio());
        assertEquals("16:9", Size.of("480p").aspectRatio(), "854x480 is 16:9 rounded to even sides");
        assertEquals("1024x1024", Size.of("01024x1024").label(), "leading zeros dropped, as the gateway always did");
    }

    @Test
    void whatIsNotASizeIsNotOne() {
        for (String bad : new String[] {"", "auto", "0x1024", "1024x0", "1024", "1024X1024", "123456x1", "-1x5", "720", "4k"}) {
            assertTrue(Size.parse(bad).isEmpty(), bad);
        }
        assertTrue(Size.parse(null).isEmpty());
    }

    @Test
    void onTheWireASizeIsTheSameStringItAlwaysWas() throws Exception {
        assertEquals("{\"size\":\"1024x1536\"}", json.writeValueAsString(Map.of("size", Size.of("1024x1536"))));
        assertEquals("\"1080p\"", json.writeValueAsString(Size.of("1080p")));
        assertEquals(Size.frame(64, 32), json.readValue("\"64x32\"", Size.class));
        assertEquals(Size.of(VideoSize.P720), json.readValue("\"720p\"", Size.class));
        assertThrows(ValueInstantiationException.class, () -> json.readValue("\"huge\"", Size.class));
    }
}
