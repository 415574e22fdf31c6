package io.mediagate.routing.providers;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** A provider's body that fails once more than {@code limit} bytes were read from it. */
final class BoundedInputStream extends FilterInputStream {
    private final long limit;
    private final String provider;
    private long read;

    BoundedInputStream(InputStream in, long limit, String provider) {
        super(in);
        this.limit = limit;
        this.provider = provider;
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

    private void count(int n) {
        read += n;
        if (read > limit) {
            throw ProviderException.failed(provider + " answered with an oversized body");
        }
    }
}
