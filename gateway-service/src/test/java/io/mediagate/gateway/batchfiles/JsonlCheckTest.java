package io.mediagate.gateway.batchfiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonlCheckTest {
    private static final String LINE = "{\"custom_id\":\"r1\",\"method\":\"POST\",\"url\":\"/v1/images/generations\",\"body\":{\"prompt\":\"a fox\"}}";
    private final JsonlCheck check = new JsonlCheck(new ObjectMapper());

    private int requests(String text) throws IOException {
        return check.requests(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    private ApiException refused(byte[] bytes) {
        ApiException e = assertThrows(ApiException.class, () -> check.requests(new ByteArrayInputStream(bytes)));
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
        assertEquals("file", e.param());
        return e;
    }

    private ApiException refused(String text) {
        return refused(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void countsOneRequestPerLineSkippingBlankOnes() throws IOException {
        assertEquals(1, requests(LINE));
        assertEquals(2, requests(LINE + "\n" + LINE + "\n"));
        assertEquals(2, requests("\uFEFF" + LINE + "\r\n\r\n  \n" + LINE));
    }

    @Test
    void refusesWhatIsNotOneJsonObjectPerLineNamingTheLine() {
        assertTrue(refused(LINE + "\n{\"custom_id\": \n").getMessage().startsWith("line 2 is not valid JSON"));
        assertTrue(refused(LINE + "\n[1,2]").getMessage().startsWith("line 2 is not a JSON object"));
        assertTrue(refused("\"text\"").getMessage().startsWith("line 1 is not a JSON object"));
        assertTrue(refused(LINE + " {}").getMessage().startsWith("line 1 is not valid JSON"), "two objects on one line");
        assertTrue(refused(LINE.replace("{", "[") + "\n").getMessage().startsWith("line 1 is not valid JSON"));
        assertTrue(refused("").getMessage().contains("no requests"));
        assertTrue(refused("\n \n").getMessage().contains("no requests"));
        byte[] latin1 = "{\"prompt\":\"caf\u00e9\"}".getBytes(StandardCharsets.ISO_8859_1);
        assertTrue(refused(latin1).getMessage().startsWith("line 1 is not valid JSON"), "not UTF-8");
    }

    @Test
    void refusesALineOverTheLimitAndAFileOverFiftyThousandRequests() {
        String longLine = "{\"prompt\":\"" + "x".repeat(JsonlCheck.MAX_LINE_BYTES) + "\"}";
        assertEquals("line 2 is longer than " + JsonlCheck.MAX_LINE_BYTES + " bytes", refused(LINE + "\n" + longLine).getMessage());
        byte[] line = "{}\n".getBytes(StandardCharsets.UTF_8);
        InputStream fifty = repeat(line, 50_000);
        try {
            assertEquals(50_000, check.requests(fifty));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        ApiException e = assertThrows(ApiException.class, () -> check.requests(repeat(line, 50_001)));
        assertTrue(e.getMessage().contains("at most 50000 requests"), e.getMessage());
    }

    private static InputStream repeat(byte[] line, int times) {
        byte[] all = new byte[line.length * times];
        for (int i = 0; i < times; i++) {
            System.arraycopy(line, 0, all, i * line.length, line.length);
        }
        return new ByteArrayInputStream(all);
    }

    /** Hostile files: random bytes, and valid files with bytes changed, are counted or refused with 400, nothing else. */
    @Test
    void anyBytesAreCountedOrRefusedCleanly() {
        Random random = new Random(11);
        byte[] valid = (LINE + "\n" + LINE.replace("r1", "r2") + "\n{\"a\":[1,{\"b\":null}],\"c\":\"\\u00e9\"}\n")
                .getBytes(StandardCharsets.UTF_8);
        for (int round = 0; round < 3000; round++) {
            byte[] bytes;
            if (round % 2 == 0) {
                bytes = valid.clone();
                for (int k = 0; k < 1 + random.nextInt(4); k++) {
                    bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
                }
            } else {
                bytes = new byte[random.nextInt(400)];
                random.nextBytes(bytes);
            }
            try {
                int n = check.requests(new ByteArrayInputStream(bytes));
                assertTrue(n >= 1 && n <= 3 || round % 2 == 1, "round " + round + ": " + n);
            } catch (ApiException e) {
                assertEquals(400, e.code().status(), "round " + round);
                assertEquals("file", e.param());
            } catch (IOException e) {
                throw new AssertionError("round " + round, e);
            }
        }
    }

    @Test
    void deepNestingIsRefusedNotAStackOverflow() {
        String deep = "{\"a\":" + "[".repeat(100_000) + "]".repeat(100_000) + "}";
        assertTrue(refused(deep).getMessage().startsWith("line 1 is not valid JSON"));
    }
}
