package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A provider's JSONL file read a line at a time: line endings as the format allows them, and no line past the limit. */
class BoundedLinesTest {
    private static List<String> lines(byte[] input, long max) throws IOException {
        List<String> out = new ArrayList<>();
        BoundedLines.read(new ByteArrayInputStream(input), max, out::add);
        return out;
    }

    @Test
    void linesAreSplitOnNewlinesWithBlankOnesAndCarriageReturnsDropped() throws IOException {
        assertEquals(List.of("{\"a\":1}", "{\"b\":2}", "{\"c\":\"é\"}"),
                lines("{\"a\":1}\r\n\n{\"b\":2}\n{\"c\":\"é\"}".getBytes(StandardCharsets.UTF_8), 100));
        assertEquals(List.of(), lines(new byte[0], 100));
    }

    @Test
    void aLineLongerThanTheLimitIsRefusedWithoutBeingHeldWhole() {
        // an endless line: read would never end if it were held until its newline
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return 'x';
            }

            @Override
            public int read(byte[] b, int off, int len) {
                java.util.Arrays.fill(b, off, off + len, (byte) 'x');
                return len;
            }
        };
        IOException e = assertThrows(IOException.class, () -> BoundedLines.read(endless, 1 << 20, line -> { }));
        assertTrue(e.getMessage().contains("longer than"), e.getMessage());
    }

    /** Random bytes, newlines among them: every line handed over is within the limit, and the content is all there. */
    @Test
    void randomInputIsSplitWithinTheLimitAndLosesNothing() throws IOException {
        Random random = new Random(55);
        for (int round = 0; round < 500; round++) {
            byte[] input = new byte[random.nextInt(4096)];
            for (int i = 0; i < input.length; i++) {
                input[i] = random.nextInt(8) == 0 ? (byte) '\n' : (byte) ('a' + random.nextInt(26));
            }
            int longest = 0;
            for (String piece : new String(input, StandardCharsets.UTF_8).split("\n")) {
                longest = Math.max(longest, piece.length());
            }
            if (longest > 64) {
                assertThrows(IOException.class, () -> lines(input, 64));
                continue;
            }
            List<String> read = lines(input, 64);
            assertEquals(new String(input, StandardCharsets.UTF_8).replace("\n", ""), String.join("", read));
            read.forEach(line -> assertTrue(!line.isEmpty() && line.length() <= 64));
        }
    }
}
