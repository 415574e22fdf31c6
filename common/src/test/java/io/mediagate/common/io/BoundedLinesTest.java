package io.mediagate.common.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BoundedLinesTest {
    private static List<String> lines(String text, int max) throws IOException {
        List<String> out = new ArrayList<>();
        try (BoundedLines lines = new BoundedLines(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), max)) {
            byte[] line;
            while ((line = lines.next()) != null) {
                out.add(new String(line, StandardCharsets.UTF_8));
                assertEquals(out.size(), lines.number());
            }
        }
        return out;
    }

    @Test
    void splitsAtNewlinesDroppingCarriageReturns() throws IOException {
        assertEquals(List.of("a", "", "bc", "d"), lines("a\n\r\nbc\r\nd", 10));
        assertEquals(List.of("a"), lines("a\n", 10));
        assertEquals(List.of(), lines("", 10));
        assertEquals(List.of("", ""), lines("\n\n", 10));
    }

    @Test
    void aLineUpToTheLimitIsReadAndOnePastItIsRefusedByNumber() throws IOException {
        assertEquals(List.of("abcd", "x"), lines("abcd\r\nx", 4));
        BoundedLines.TooLong e = assertThrows(BoundedLines.TooLong.class, () -> lines("ok\nabcde\n", 4));
        assertEquals(2, e.line());
        assertThrows(BoundedLines.TooLong.class, () -> lines("abcd\r\r\n", 4));
    }

    @Test
    void neverHoldsMoreThanOneLineOfAnEndlessStream() {
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return 'x';
            }
        };
        BoundedLines lines = new BoundedLines(endless, 1 << 20);
        assertThrows(BoundedLines.TooLong.class, lines::next);
    }

    /** Whatever the bytes and however the stream hands them out, the lines are the bytes between the newlines. */
    @Test
    void randomBytesInRandomReadsSplitAsTheyShould() throws IOException {
        Random random = new Random(7);
        for (int round = 0; round < 300; round++) {
            byte[] data = new byte[random.nextInt(5000)];
            for (int i = 0; i < data.length; i++) {
                data[i] = random.nextInt(10) == 0 ? (byte) '\n' : (byte) random.nextInt(256);
            }
            int max = 1 + random.nextInt(2000);
            List<byte[]> expected = new ArrayList<>();
            int start = 0;
            boolean tooLong = false;
            for (int i = 0; i <= data.length; i++) {
                if (i == data.length || data[i] == '\n') {
                    if (i == data.length && i == start) {
                        break;
                    }
                    int end = i > start && data[i - 1] == '\r' ? i - 1 : i;
                    if (end - start > max || i - start > max + 1) {
                        tooLong = true;
                        break;
                    }
                    ByteArrayOutputStream line = new ByteArrayOutputStream();
                    line.write(data, start, end - start);
                    expected.add(line.toByteArray());
                    start = i + 1;
                }
            }
            InputStream trickle = new ByteArrayInputStream(data) {
                @Override
                public synchronized int read(byte[] b, int off, int len) {
                    return super.read(b, off, Math.min(len, 1 + random.nextInt(300)));
                }
            };
            BoundedLines lines = new BoundedLines(trickle, max);
            int seen = 0;
            try {
                byte[] line;
                while ((line = lines.next()) != null) {
                    assertArrayEquals(expected.get(seen), line, "round " + round + " line " + (seen + 1));
                    seen++;
                }
                assertEquals(expected.size(), seen);
                assertEquals(false, tooLong, "round " + round);
            } catch (BoundedLines.TooLong e) {
                assertEquals(true, tooLong, "round " + round);
                assertEquals(expected.size() + 1, e.line());
            }
        }
    }

    @Test
    void endsOnceEnded() throws IOException {
        BoundedLines lines = new BoundedLines(new ByteArrayInputStream("a".getBytes(StandardCharsets.UTF_8)), 4);
        assertArrayEquals("a".getBytes(StandardCharsets.UTF_8), lines.next());
        assertNull(lines.next());
        assertNull(lines.next());
        assertEquals(1, lines.number());
    }
}
