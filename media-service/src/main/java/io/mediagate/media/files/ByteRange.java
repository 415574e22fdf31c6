package io.mediagate.media.files;

/** One inclusive byte range of an HTTP {@code Range: bytes=...} header (RFC 9110). */
record ByteRange(long first, long last) {
    static final ByteRange UNSATISFIABLE = new ByteRange(-1, -1);

    long length() {
        return last - first + 1;
    }

    /** Null when there is no usable single range (serve the whole file), {@link #UNSATISFIABLE} for 416. */
    static ByteRange parse(String header, long size) {
        if (header == null || !header.startsWith("bytes=") || header.contains(",")) {
            return null;
        }
        String spec = header.substring(6).trim();
        int dash = spec.indexOf('-');
        if (dash < 0) {
            return null;
        }
        try {
            String a = spec.substring(0, dash).trim();
            String b = spec.substring(dash + 1).trim();
            if (a.isEmpty()) {
                long suffix = Long.parseLong(b);
                if (suffix <= 0) {
                    return UNSATISFIABLE;
                }
                return new ByteRange(Math.max(0, size - suffix), size - 1);
            }
            long first = Long.parseLong(a);
            long last = b.isEmpty() ? size - 1 : Math.min(Long.parseLong(b), size - 1);
            if (first >= size || first > last) {
                return UNSATISFIABLE;
            }
            return new ByteRange(first, last);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
