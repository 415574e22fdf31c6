package io.mediagate.routing.providers.openai;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;

/**
 * The lines of a server-sent event stream, each read as bytes up to a bound: a line longer than {@code maxLine} bytes
 * fails ({@link TooLong}) before more of it is held, where a {@code BufferedReader} would grow one line without end (a
 * provider answering a 100 MB line held it twice over). Lines end at {@code \n}, {@code \r\n} or {@code \r}.
 */
final class SseLines {
    private final InputStream in;
    private final int maxLine;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();
    private boolean pendingLf;

    SseLines(InputStream in, int maxLine) {
        this.in = in;
        this.maxLine = maxLine;
    }

    /** A line longer than allowed. */
    static final class TooLong extends IOException {
        TooLong(int max) {
            super("a line longer than " + max + " bytes");
        }
    }

    /** The next line without its end, or null at the end of the stream. */
    String next() throws IOException {
        line.reset();
        for (int b = in.read(); ; b = in.read()) {
            if (b == -1) {
                return line.size() == 0 ? null : text();
            }
            if (pendingLf) {
                pendingLf = false;
                if (b == '\n') {
                    continue; // the \n of a \r\n
                }
            }
            if (b == '\n') {
                return text();
            }
            if (b == '\r') {
                pendingLf = true;
                return text();
            }
            if (line.size() >= maxLine) {
                throw new TooLong(maxLine);
            }
            line.write(b);
        }
    }

    private String text() {
        return line.toString(StandardCharsets.UTF_8);
    }
}
