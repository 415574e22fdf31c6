package io.mediagate.common.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.catalog.OfferUnit;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The seconds a provider of fixed clip lengths is asked for, and bills, for a requested duration. */
class OfferSpecLengthsTest {
    private static OfferSpec offer(String durations) {
        return new OfferSpec("p", BigDecimal.ONE, OfferUnit.SECOND, null, null, null, null, "m",
                durations == null ? null : Map.of("durations", durations), null);
    }

    @Test
    void aRequestIsRoundedUpToTheProvidersNextClipLength() {
        assertEquals(6, offer("4,6,8").secondsFor(5), "Veo: 5 s is a 6 s clip");
        assertEquals(9, offer("5,9").secondsFor(6), "Luma: 6 s is a 9 s clip");
        assertEquals(10, offer("6,10").secondsFor(7), "MiniMax: 7 s is a 10 s clip");
        assertEquals(10, offer("10,5").secondsFor(6), "Kling, listed in any order: 6 s is a 10 s clip");
        assertEquals(12, offer("6,12,18,24").secondsFor(7), "Nova Reel: 7 s is two 6 s shots");
        assertEquals(6, offer("4,6,8").secondsFor(6), "a length of its own is kept");
        assertEquals(4, offer("4,6,8").secondsFor(3.2), "a shorter request is the shortest clip");
        assertEquals(8, offer("4,6,8").secondsFor(30), "past the longest: the longest (routing does not send such a request there)");
    }

    @Test
    void withoutClipLengthsTheRequestIsRoundedUpToWholeSeconds() {
        assertEquals(5, offer(null).secondsFor(4.2));
        assertEquals(5, offer(null).secondsFor(5));
        assertEquals(1, offer("").secondsFor(0.3));
        assertEquals(List.of(), offer(null).lengths());
    }

    @Test
    void lengthsThatAreNotWholePositiveSecondsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> offer("4,six").lengths());
        assertThrows(IllegalArgumentException.class, () -> offer("0,5").lengths());
        assertThrows(IllegalArgumentException.class, () -> offer("4.5").lengths());
    }
}
