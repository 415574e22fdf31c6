package io.mediagate.routing.providers.conformance;

import java.nio.charset.StandardCharsets;

/** Result files the fakes serve. */
public final class Samples {
    private Samples() {
    }

    /** The start of an MP4 file (an {@code ftyp} box), enough for the type to be read from the bytes. */
    public static byte[] mp4() {
        byte[] box = new byte[64];
        byte[] head = {0, 0, 0, 32, 'f', 't', 'y', 'p', 'i', 's', 'o', 'm', 0, 0, 2, 0};
        System.arraycopy(head, 0, box, 0, head.length);
        System.arraycopy("isomiso2avc1mp41".getBytes(StandardCharsets.US_ASCII), 0, box, 16, 16);
        return box;
    }
}
