package io.mediagate.media.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CopiesTest {
    @Test
    void answersComeInTheOrderOfTheCallsWhateverOrderTheyEndIn() {
        List<String> answers = Copies.all(6, i -> {
            sleep(10L * (6 - i)); // the last call ends first
            return "file-" + i;
        });
        assertEquals(IntStream.range(0, 6).mapToObj(i -> "file-" + i).toList(), answers);
    }

    @Test
    void callsRunTogetherButNeverMoreThanTheBound() throws Exception {
        int n = Copies.AT_ONCE * 3;
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        CountDownLatch twoStarted = new CountDownLatch(2);
        Copies.all(n, i -> {
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            twoStarted.countDown();
            try {
                // every call waits until a second one is running: they could not all have run one after another
                assertTrue(twoStarted.await(5, TimeUnit.SECONDS));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            sleep(5);
            inFlight.decrementAndGet();
            return "";
        });
        assertTrue(most.get() > 1, "calls overlapped: " + most.get());
        assertTrue(most.get() <= Copies.AT_ONCE, "at most " + Copies.AT_ONCE + " at once, not " + most.get());
    }

    @Test
    void theFirstFailureIsThrownAsItWasOnceEveryCallHasEnded() {
        ApiException refused = ApiException.invalid("files", "bad file name x");
        Set<Integer> ended = ConcurrentHashMap.newKeySet();
        ApiException thrown = assertThrows(ApiException.class, () -> Copies.all(5, i -> {
            if (i == 1) {
                throw refused;
            }
            sleep(30);
            ended.add(i);
            return "";
        }));
        assertSame(refused, thrown);
        assertEquals(Set.of(0, 2, 3, 4), ended, "the other copies had ended before the caller heard of the failure");
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }
}
