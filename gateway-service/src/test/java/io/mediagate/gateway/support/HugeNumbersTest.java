package io.mediagate.gateway.support;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.gateway.videos.VideoCreation;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** A number too large for a double ({@code 1e999}, which JSON allows) is a caller's bad value, named, never a server error. */
class HugeNumbersTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aNumberNoDecimalHoldsIsNoNumber() throws Exception {
        assertTrue(JsonBody.decimal(JSON.readTree("1e999")).isEmpty());
        assertTrue(JsonBody.decimal(JSON.readTree("-1e999")).isEmpty());
        assertTrue(JsonBody.decimal(JSON.readTree("\"8\"")).isEmpty());
        assertEquals(0, new BigDecimal("0.035").compareTo(JsonBody.decimal(JSON.readTree("0.035")).orElseThrow()));
        assertEquals(0, new BigDecimal("12").compareTo(JsonBody.decimal(JSON.readTree("12")).orElseThrow()));
    }

    @Test
    void openAisSecondsTooLargeForADoubleAreRefusedNamingThem() throws Exception {
        ObjectNode fields = (ObjectNode) JSON.readTree("{\"model\":\"local/motion\",\"prompt\":\"waves\",\"seconds\":1e999}");
        ApiException e = assertThrows(ApiException.class, () -> VideoCreation.body(JSON, fields));
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
        assertEquals("seconds", e.param());
    }
}
