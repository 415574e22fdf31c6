package io.mediagate.routing.providers;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * The lines of a provider's JSONL file (a batch's output), read one at a time as the body streams in: never more than one
 * line held, a line longer than the limit refused, blank lines and {@code \r\n} endings taken as the format allows.
 */
public final class BoundedLines {
    private BoundedLines() {
    }

    /** Hands each non-blank line of {@code in} to {@code each}; a line over {@code maxLine} bytes is an {@link IOException}. */
    public static void read(InputStream in, long maxLine, Consumer<String> each) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        byte[] buffer = new byte[64 * 1024];
        int read;
        while ((read = in.read(buffer)) != -1) {
            int start = 0;
            for (int i = 0; i < read; i++) {
                if (buffer[i] == '\n') {
                    append(line, buffer, start, i - start, maxLine);
                    emit(line, each);
                    start = i + 1;
                }
            }
            append(line, buffer, start, read - start, maxLine);
        }
        emit(line, each);
    }

    private static void append(ByteArrayOutputStream line, byte[] buffer, int from, int length, long maxLine) throws IOException {
        if (line.size() + (long) length > maxLine) {
            throw new IOException("a line is longer than " + maxLine + " bytes");
        }
        line.write(buffer, from, length);
    }

    private static void emit(ByteArrayOutputStream line, Consumer<String> each) {
        String text = line.toString(StandardCharsets.UTF_8).strip();
        line.reset();
        if (!text.isEmpty()) {
            each.accept(text);
        }
    }
}
