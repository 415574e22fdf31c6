package io.mediagate.media.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ByteRangeTest {
    @Test
    void closedOpenAndSuffixRanges() {
        assertEquals(new ByteRange(0, 99), ByteRange.parse("bytes=0-99", 1000));
        assertEquals(new ByteRange(900, 999), ByteRange.parse("bytes=900-", 1000));
        assertEquals(new ByteRange(950, 999), ByteRange.parse("bytes=-50", 1000));
        assertEquals(new ByteRange(990, 999), ByteRange.parse("bytes=990-5000", 1000));
    }

    @Test
    void rangesPastTheEndAreUnsatisfiable() {
        assertEquals(ByteRange.UNSATISFIABLE, ByteRange.parse("bytes=1000-", 1000));
        assertEquals(ByteRange.UNSATISFIABLE, ByteRange.parse("bytes=50-10", 1000));
    }

    @Test
    void missingOrMultipleOrForeignRangesServeTheWholeFile() {
        assertNull(ByteRange.parse(null, 1000));
        assertNull(ByteRange.parse("bytes=0-1,5-6", 1000));
        assertNull(ByteRange.parse("items=0-1", 1000));
        assertNull(ByteRange.parse("bytes=a-b", 1000));
    }
}
