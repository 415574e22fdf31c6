package io.mediagate.common.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * The lines of a stream one at a time, each at most {@code maxLineBytes} long: a JSONL file read without ever holding
 * more than one line. A line ends at {@code \n} (a {@code \r} before it is dropped); the last may end at the end of
 * the stream. A longer line is {@link TooLong}, named by its number.
 */
public final class BoundedLines implements Closeable {
    private final InputStream in;
    private final int maxLineBytes;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int filled;
    private byte[] line = new byte[256];
    private int number;
    private boolean ended;

    public BoundedLines(InputStream in, int maxLineBytes) {
        this.in = in;
        this.maxLineBytes = maxLineBytes;
    }

    /** A line longer than the limit: its number (from 1). */
    public static final class TooLong extends IOException {
        private final int line;

        TooLong(int line, int limit) {
            super("line " + line + " is longer than " + limit + " bytes");
            this.line = line;
        }

        public int line() {
            return line;
        }
    }

    /** The next line without its end, or {@code null} when the stream has ended. */
    public byte[] next() throws IOException {
        if (ended) {
            return null;
        }
        int length = 0;
        number++;
        while (true) {
            if (position == filled) {
                filled = in.read(buffer);
                position = 0;
                if (filled == -1) {
                    filled = 0;
                    ended = true;
                    if (length == 0) {
                        number--;
                        return null;
                    }
                    break;
                }
                continue;
            }
            int end = position;
            while (end < filled && buffer[end] != '\n') {
                end++;
            }
            int count = end - position;
            if (length + count > maxLineBytes + 1) { // room for a \r before the \n
                throw new TooLong(number, maxLineBytes);
            }
            if (length + count > line.length) {
                line = Arrays.copyOf(line, Math.min(Math.max(line.length * 2, length + count), maxLineBytes + 1));
            }
            System.arraycopy(buffer, position, line, length, count);
            length += count;
            position = end;
            if (end < filled) {
                position++; // past the \n
                break;
            }
        }
        if (length > 0 && line[length - 1] == '\r') {
            length--;
        }
        if (length > maxLineBytes) {
            throw new TooLong(number, maxLineBytes);
        }
        return Arrays.copyOf(line, length);
    }

    /** The number (from 1) of the line {@link #next} answered last. */
    public int number() {
        return number;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
