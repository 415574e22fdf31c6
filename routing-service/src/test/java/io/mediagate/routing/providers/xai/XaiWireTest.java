package io.mediagate.routing.providers.xai;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.events.FailureClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class XaiWireTest {
    @ParameterizedTest(name = "{0}x{1} is {2}")
    @CsvSource({"1024,1024,1:1", "1024,768,4:3", "768,1024,3:4", "1280,720,16:9", "720,1280,9:16", "1536,1024,3:2",
            "2048,1024,2:1", "1000,1024,1:1", "1170,2532,9:19.5"})
    void theNearestRatio(int width, int height, String ratio) {
        assertEquals(ratio, XaiWire.ratio(width, height));
    }

    @Test
    void aWrongKeyAndAModerationRefusalAreToldFromTheirText() throws Exception {
        var json = new com.fasterxml.jackson.databind.ObjectMapper();
        assertEquals(FailureClass.CREDENTIALS, XaiWire.ERRORS.classOf(400, json.readTree("{\"code\": \"Client specified an invalid "
                + "argument\", \"error\": \"Incorrect API key provided: ab***cd. You can obtain an API key from https://console.x.ai.\"}")));
        assertEquals(null, XaiWire.ERRORS.classOf(400, json.readTree("{\"error\": \"n must be between 1 and 10\"}")));
        assertEquals(FailureClass.MODERATION, XaiWire.ERRORS.classOf(400,
                json.readTree("{\"error\": {\"message\": \"Generated image rejected by content moderation.\"}}")));
        assertEquals(null, XaiWire.ERRORS.classOf(400, json.readTree("{\"error\": \"Argument not supported: size\"}")));
    }
}
