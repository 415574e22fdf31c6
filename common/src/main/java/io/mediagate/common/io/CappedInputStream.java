package io.mediagate.common.io;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Supplier;

/** A stream that fails with {@code tooLarge}'s exception once more than {@code limit} bytes were read from it. */
public final class CappedInputStream extends FilterInputStream {
    private final long limit;
    private final Supplier<? extends RuntimeException> tooLarge;
    private long read;

    public CappedInputStream(InputStream in, long limit, Supplier<? extends RuntimeException> tooLarge) {
        super(in);
        this.limit = limit;
        this.tooLarge = tooLarge;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            count(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        if (skipped > 0) {
            count(skipped);
        }
        return skipped;
    }

    private void count(long n) {
        read += n;
        if (read > limit) {
            throw tooLarge.get();
        }
    }
}
