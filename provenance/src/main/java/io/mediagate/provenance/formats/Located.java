package io.mediagate.provenance.formats;

import java.util.ArrayList;
import java.util.List;

/**
 * A manifest store found in a file: its bytes, and the ranges of the file's bytes it takes with its format's framing
 * around it (a PNG chunk's length, type and CRC; a JPEG's APP11 segments; a WebP chunk; an MP4 box). A data hash may
 * leave out exactly these ranges and nothing else.
 */
public record Located(byte[] store, List<Range> ranges) {
    public Located {
        ranges = merged(ranges);
    }

    /** {@code length} bytes from {@code start}. */
    public record Range(long start, long length) {
        public long end() {
            return start + length;
        }
    }

    /** The ranges in order, those that touch made one. */
    private static List<Range> merged(List<Range> ranges) {
        List<Range> sorted = new ArrayList<>(ranges);
        sorted.sort((a, b) -> Long.compare(a.start(), b.start()));
        List<Range> merged = new ArrayList<>();
        for (Range range : sorted) {
            if (!merged.isEmpty() && merged.getLast().end() == range.start()) {
                Range last = merged.removeLast();
                merged.add(new Range(last.start(), last.length() + range.length()));
            } else {
                merged.add(range);
            }
        }
        return List.copyOf(merged);
    }
}
