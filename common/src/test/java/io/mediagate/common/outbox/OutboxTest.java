package io.mediagate.common.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.testing.ManualClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.junit.jupiter.api.Test;

/** Each message of an outbox reaches Kafka at least once, is deleted only once Kafka has it, and is not sent twice at once. */
class OutboxTest {
    private final ManualClock clock = new ManualClock(Instant.parse("2026-11-26T10:00:00Z"));
    private final Map<Long, Instant> rows = new ConcurrentSkipListMap<>();
    /** Every send, in order, with the stage the test completes as Kafka would. */
    private final List<Long> sends = new CopyOnWriteArrayList<>();
    private final Map<Long, CompletableFuture<Void>> pending = new ConcurrentSkipListMap<>();
    private boolean bufferFull;

    private final OutboxStore<Long> store = new OutboxStore<>() {
        @Override
        public List<Long> writtenBefore(Instant before, int limit) {
            return rows.entrySet().stream().filter(e -> e.getValue().isBefore(before)).map(Map.Entry::getKey).limit(limit).toList();
        }

        @Override
        public void delete(List<Long> ids) {
            ids.forEach(rows::remove);
        }

        @Override
        public long id(Long row) {
            return row;
        }
    };

    private CompletionStage<Void> send(Long row) {
        if (bufferFull) {
            throw new IllegalStateException("buffer full");
        }
        CompletableFuture<Void> ack = new CompletableFuture<>();
        pending.put(row, ack);
        sends.add(row);
        return ack;
    }

    private Outbox<Long> outbox(Duration sweepAfter) {
        return new Outbox<>("test messages", store, this::send, clock, sweepAfter, 2);
    }

    private void written(long... ids) {
        for (long id : ids) {
            rows.put(id, clock.instant());
        }
    }

    @Test
    void aCommittedRowIsSentAtOnceAndDeletedOnlyOnceKafkaHasIt() {
        Outbox<Long> outbox = outbox(Duration.ofSeconds(10));
        written(1, 2, 3);
        outbox.publish(List.of(1L, 2L, 3L));
        outbox.publish(List.of(1L));
        assertEquals(List.of(1L, 2L, 3L), sends, "a row on its way is not sent again");
        outbox.deleteSent();
        assertEquals(3, rows.size(), "nothing acknowledged yet, nothing deleted");
        pending.get(1L).complete(null);
        pending.get(3L).complete(null);
        outbox.deleteSent();
        assertEquals(List.of(2L), List.copyOf(rows.keySet()));
    }

    @Test
    void aRowKafkaRefusedOrNeverTookIsSentAgainByTheSweepOnceItIsOld() {
        Outbox<Long> outbox = outbox(Duration.ofSeconds(10));
        written(1, 2, 3);
        outbox.publish(List.of(1L));
        pending.get(1L).completeExceptionally(new IllegalStateException("broker down"));
        bufferFull = true;
        outbox.publish(List.of(2L));
        bufferFull = false;
        outbox.publish(List.of(3L)); // still on its way when the sweep runs
        assertEquals(0, outbox.sweep());
        assertEquals(List.of(1L, 3L), sends, "the sweep leaves young rows alone");

        clock.advance(Duration.ofSeconds(11));
        assertEquals(2, sweepWhileKafkaAcknowledges(outbox, 4));
        assertEquals(List.of(1L, 3L, 1L, 2L), sends, "the failed and the never-sent rows again, not the one on its way");
        outbox.deleteSent();
        assertEquals(List.of(), List.copyOf(rows.keySet()));
    }

    @Test
    void aSweepOnlyOutboxSendsEveryRowNotOnItsWayABatchAtATime() {
        Outbox<Long> outbox = outbox(Duration.ZERO);
        written(1, 2, 3);
        clock.advance(Duration.ofMillis(1));
        assertEquals(2, sweepWhileKafkaAcknowledges(outbox, 2), "a full batch: the caller sweeps again");
        assertEquals(List.of(1L, 2L), sends, "one batch per sweep");
        outbox.deleteSent();
        assertEquals(List.of(3L), List.copyOf(rows.keySet()));
    }

    /** A sweep waits for Kafka: it runs on its own thread while the test acknowledges, once {@code sendsBy} sends were made. */
    private int sweepWhileKafkaAcknowledges(Outbox<Long> outbox, int sendsBy) {
        AtomicInteger acknowledged = new AtomicInteger(-1);
        Thread sweeper = Thread.ofVirtual().start(() -> acknowledged.set(outbox.sweep()));
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (sends.size() < sendsBy && System.nanoTime() < deadline) {
            Thread.onSpinWait();
        }
        pending.values().forEach(ack -> ack.complete(null));
        try {
            sweeper.join(Duration.ofSeconds(10));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return acknowledged.get();
    }
}
