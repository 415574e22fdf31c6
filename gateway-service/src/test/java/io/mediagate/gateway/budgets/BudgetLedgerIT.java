package io.mediagate.gateway.budgets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.mediagate.common.tier.Tier;
import io.mediagate.gateway.auth.Budget;
import io.mediagate.gateway.auth.Budgets;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.Period;
import io.mediagate.testing.ManualClock;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The spend ledger on the real Redis of the tests: reservations, settlement, expiry and exactness under concurrency. */
@QuarkusTest
class BudgetLedgerIT {
    private static final Duration WAIT = Duration.ofSeconds(10);
    @Inject
    ReactiveRedisDataSource redis;

    /** Moved forward from the real time only: Redis expires keys by its own clock. */
    private final ManualClock clock = new ManualClock(Instant.now());

    private BudgetLedger ledger() {
        return new BudgetLedger(redis, clock, "mgtest" + UUID.randomUUID().toString().substring(0, 8), Duration.ofMinutes(10), Duration.ofHours(1));
    }

    private static Caller caller(String account, String key, Budget accountCap, Budget keyCap) {
        return new Caller(account, Tier.PRO, Tier.PRO.limits(), false, key, null, new Budgets(accountCap, keyCap));
    }

    private static BigDecimal usd(String v) {
        return new BigDecimal(v);
    }

    private BudgetLedger.ScopeState state(BudgetLedger ledger, Caller caller, String scope) {
        return ledger.peek(caller).await().atMost(WAIT).stream().filter(s -> s.scope().equals(scope)).findFirst().orElseThrow();
    }

    @Test
    void concurrentReservationsNeverPassTheCap() {
        BudgetLedger ledger = ledger();
        Caller caller = caller("usr_cap", "key_a", new Budget(usd("1.00"), null), null);
        List<Uni<BudgetLedger.Outcome>> attempts = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            attempts.add(ledger.reserve(caller, "job_" + i, usd("0.04")));
        }
        List<BudgetLedger.Outcome> outcomes = Uni.join().all(attempts).andFailFast().await().atMost(WAIT);
        assertEquals(25, outcomes.stream().filter(o -> o instanceof BudgetLedger.Reserved).count(), "1.00 / 0.04 = 25 reservations");
        BudgetLedger.Refused refused = (BudgetLedger.Refused) outcomes.stream().filter(o -> o instanceof BudgetLedger.Refused).findFirst().orElseThrow();
        assertEquals("account", refused.scope());
        assertEquals(Period.DAILY, refused.period());
        assertEquals(0, usd("1.00").compareTo(refused.reserved()));
        assertEquals(Period.DAILY.resets(clock.instant()), refused.resetsAt());
        assertEquals(java.time.LocalTime.MIDNIGHT, refused.resetsAt().atZone(ZoneOffset.UTC).toLocalTime());
    }

    @Test
    void aSettledJobCountsItsRealPriceOnceAndFreesTheRest() {
        BudgetLedger ledger = ledger();
        Caller caller = caller("usr_settle", "key_b", null, new Budget(usd("0.10"), usd("5")));
        assertInstanceOf(BudgetLedger.Reserved.class, ledger.reserve(caller, "job_1", usd("0.08")).await().atMost(WAIT));
        assertInstanceOf(BudgetLedger.Refused.class, ledger.reserve(caller, "job_2", usd("0.08")).await().atMost(WAIT));
        ledger.settle("usr_settle", "key_b", "job_1", usd("0.03"), clock.instant()).await().atMost(WAIT);
        ledger.settle("usr_settle", "key_b", "job_1", usd("0.03"), clock.instant()).await().atMost(WAIT); // redelivered
        BudgetLedger.ScopeState key = state(ledger, caller, "key");
        assertEquals(0, usd("0.03").compareTo(key.daily().spent()));
        assertEquals(0, BigDecimal.ZERO.compareTo(key.daily().reserved()));
        assertEquals(0, usd("0.07").compareTo(key.daily().remaining()));
        assertEquals(0, usd("0.03").compareTo(state(ledger, caller, "account").monthly().spent()), "the account's spend counts it too");
        assertInstanceOf(BudgetLedger.Reserved.class, ledger.reserve(caller, "job_3", usd("0.07")).await().atMost(WAIT));
        assertInstanceOf(BudgetLedger.Refused.class, ledger.reserve(caller, "job_4", usd("0.01")).await().atMost(WAIT));
    }

    @Test
    void aReservationWhoseJobIsNeverSeenToEndExpires() {
        BudgetLedger ledger = ledger();
        Caller caller = caller("usr_lost", null, new Budget(usd("0.05"), null), null);
        assertInstanceOf(BudgetLedger.Reserved.class, ledger.reserve(caller, "job_lost", usd("0.05")).await().atMost(WAIT));
        assertInstanceOf(BudgetLedger.Refused.class, ledger.reserve(caller, "job_next", usd("0.01")).await().atMost(WAIT));
        clock.advance(Duration.ofMinutes(11));
        assertInstanceOf(BudgetLedger.Reserved.class, ledger.reserve(caller, "job_next", usd("0.05")).await().atMost(WAIT),
                "the lost job's reservation was given back");
        // The lost job ends after all: its real price counts, as a charge without a reservation.
        ledger.settle("usr_lost", null, "job_lost", usd("0.02"), clock.instant()).await().atMost(WAIT);
        BudgetLedger.ScopeState account = state(ledger, caller, "account");
        assertEquals(0, usd("0.02").compareTo(account.daily().spent()));
        assertEquals(0, usd("0.05").compareTo(account.daily().reserved()));
    }

    @Test
    void spendWithoutACapIsCountedSoACapSetLaterStartsFromIt() {
        BudgetLedger ledger = ledger();
        ledger.settle("usr_later", "key_c", "job_1", usd("0.90"), clock.instant()).await().atMost(WAIT);
        Caller capped = caller("usr_later", "key_c", new Budget(usd("1"), null), null);
        assertInstanceOf(BudgetLedger.Refused.class, ledger.reserve(capped, "job_2", usd("0.20")).await().atMost(WAIT));
        assertInstanceOf(BudgetLedger.Reserved.class, ledger.reserve(capped, "job_3", usd("0.10")).await().atMost(WAIT));
        clock.set(Period.DAILY.resets(clock.instant()).plusSeconds(1));
        assertInstanceOf(BudgetLedger.Reserved.class, ledger.reserve(capped, "job_4", usd("0.95")).await().atMost(WAIT),
                "a new day starts from nothing");
    }
}
