package io.mediagate.common.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class IdleTrimPolicyTest {
    private static final long MB = 1 << 20;

    /** Feeds {@code seconds} samples allocating {@code rate} bytes each; returns the second (1-based) that trims, or 0. */
    private static int run(IdleTrimPolicy policy, long[] allocated, long rate, long committed, int seconds) {
        for (int second = 1; second <= seconds; second++) {
            allocated[0] += rate;
            if (policy.sample(allocated[0], committed)) {
                return second;
            }
        }
        return 0;
    }

    @Test
    void trimsAGrownHeapAfterTheIdleSecondsFollowingABurst() {
        IdleTrimPolicy policy = new IdleTrimPolicy(5, MB, 16 * MB, 32 * MB);
        long[] allocated = {0};
        policy.sample(0, 32 * MB);
        assertEquals(0, run(policy, allocated, 80 * MB, 200 * MB, 30), "never during the burst");
        assertEquals(5, run(policy, allocated, 100_000, 200 * MB, 10), "five quiet seconds after it");
    }

    @Test
    void steadyLightTrafficWithoutCollectionsIsNotIdle() {
        IdleTrimPolicy policy = new IdleTrimPolicy(5, MB, 16 * MB, 32 * MB);
        long[] allocated = {0};
        policy.sample(0, 32 * MB);
        assertEquals(0, run(policy, allocated, 3 * MB, 120 * MB, 120));
    }

    @Test
    void aShortPauseInTrafficDoesNotTrim() {
        IdleTrimPolicy policy = new IdleTrimPolicy(5, MB, 16 * MB, 32 * MB);
        long[] allocated = {0};
        policy.sample(0, 32 * MB);
        for (int i = 0; i < 10; i++) {
            assertEquals(0, run(policy, allocated, 0, 150 * MB, 4), "four quiet seconds");
            assertEquals(0, run(policy, allocated, 40 * MB, 150 * MB, 1), "then traffic again");
        }
    }

    @Test
    void keepsTrimmingWhileTrimsGiveBackThenStopsUntilTheHeapGrowsAgain() {
        IdleTrimPolicy policy = new IdleTrimPolicy(2, MB, 16 * MB, 32 * MB);
        long[] allocated = {0};
        policy.sample(0, 32 * MB);
        assertEquals(2, run(policy, allocated, 0, 200 * MB, 5));
        policy.trimmed(200 * MB, 120 * MB);
        assertEquals(4, run(policy, allocated, 0, 120 * MB, 10), "what lingered after the burst may have gone by then");
        policy.trimmed(120 * MB, 60 * MB);
        assertEquals(8, run(policy, allocated, 0, 60 * MB, 10));
        policy.trimmed(60 * MB, 58 * MB);
        assertEquals(0, run(policy, allocated, 0, 58 * MB, 2000), "nothing more to give back");
        assertEquals(0, run(policy, allocated, 0, 70 * MB, 2000), "grown by less than the minimum gain");
        assertEquals(0, run(policy, allocated, 50 * MB, 90 * MB, 3));
        assertEquals(2, run(policy, allocated, 0, 90 * MB, 5), "grown again past it, after traffic");
    }

    @Test
    void aTrimThatFoundTheHeapStillInUseIsTriedAgainLaterAndLessOften() {
        IdleTrimPolicy policy = new IdleTrimPolicy(5, MB, 16 * MB, 32 * MB);
        long[] allocated = {0};
        policy.sample(0, 32 * MB);
        assertEquals(5, run(policy, allocated, 0, 150 * MB, 10));
        policy.trimmed(150 * MB, 148 * MB);
        assertEquals(10, run(policy, allocated, 0, 148 * MB, 30), "twice the idle time");
        policy.trimmed(148 * MB, 146 * MB);
        assertEquals(20, run(policy, allocated, 0, 146 * MB, 30), "and twice that");
        policy.trimmed(146 * MB, 60 * MB);
        assertEquals(40, run(policy, allocated, 0, 60 * MB, 100), "it gave back: once more, later");
        policy.trimmed(60 * MB, 59 * MB);
        assertEquals(0, run(policy, allocated, 0, 59 * MB, 2000), "nothing more to do");
    }

    @Test
    void theWaitBetweenFruitlessTrimsIsBoundedAndTrafficResetsIt() {
        IdleTrimPolicy policy = new IdleTrimPolicy(5, MB, 16 * MB, 32 * MB);
        long[] allocated = {0};
        policy.sample(0, 32 * MB);
        int waited = 0;
        for (int i = 0; i < 12; i++) {
            waited = run(policy, allocated, 0, 150 * MB, 10_000);
            policy.trimmed(150 * MB, 150 * MB);
        }
        assertEquals(IdleTrimPolicy.MAX_WAIT_SECONDS, waited);
        assertEquals(0, run(policy, allocated, 30 * MB, 150 * MB, 1));
        assertEquals(5, run(policy, allocated, 0, 150 * MB, 10), "traffic started the count over");
    }

    @Test
    void aHeapThatNeverGrewIsLeftAlone() {
        IdleTrimPolicy policy = new IdleTrimPolicy(1, MB, 16 * MB, 64 * MB);
        long[] allocated = {0};
        assertFalse(policy.sample(0, 64 * MB), "the first sample only sets the starting point");
        assertEquals(0, run(policy, allocated, 0, 64 * MB, 30));
        assertTrue(policy.sample(allocated[0], 81 * MB));
    }

    @Test
    void refusesNonsense() {
        assertThrows(IllegalArgumentException.class, () -> new IdleTrimPolicy(0, MB, MB, 0));
        assertThrows(IllegalArgumentException.class, () -> new IdleTrimPolicy(5, -1, MB, 0));
    }
}
