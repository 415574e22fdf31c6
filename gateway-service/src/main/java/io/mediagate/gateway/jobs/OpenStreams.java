package io.mediagate.gateway.jobs;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.KeyStanding;
import io.mediagate.gateway.limits.LimitRefusals;
import io.mediagate.gateway.limits.StreamSlots;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The job event streams open on this replica, each holding one of its key's slots ({@link StreamSlots}: at most the
 * tier's {@code eventStreams} per key across replicas, beyond which opening one is 429 {@code event_streams}). Every
 * {@code mediagate.streams.key-check} each key with open streams is checked ({@link KeyStanding}): the streams of a key
 * revoked or expired since, or no longer admitted for any other reason, are cut with an {@code authentication_error}.
 * Slots are renewed while their streams run and given back when they end.
 */
@ApplicationScoped
public class OpenStreams {
    private static final Logger LOG = Logger.getLogger(OpenStreams.class);
    /** Seconds a caller refused for too many open streams is told to wait: streams end with their jobs. */
    static final int RETRY_SECONDS = 5;
    /** A stream answered but never written (its client gone before) is let go after this. */
    private static final Duration UNSTARTED = Duration.ofSeconds(30);
    private final StreamSlots slots;
    private final KeyStanding standing;
    private final LimitRefusals refusals;
    private final Duration check;
    private final Map<String, Stream> open = new ConcurrentHashMap<>();
    private ScheduledExecutorService timer;
    private volatile long renewedAt = System.nanoTime();

    OpenStreams(StreamSlots slots, KeyStanding standing, LimitRefusals refusals,
                @ConfigProperty(name = "mediagate.streams.key-check", defaultValue = "2s") Duration check) {
        this.slots = slots;
        this.standing = standing;
        this.refusals = refusals;
        this.check = check;
    }

    /**
     * One open stream: its id (its slot's member), the hash of the key it was opened with, the slot's owner, and
     * {@code cut}, completed with the failure that ends it early.
     */
    public static final class Stream {
        private final String id = UUID.randomUUID().toString();
        private final String keyHash;
        private final StreamSlots.Owner owner;
        private final CompletableFuture<ApiException> cut = new CompletableFuture<>();
        private final long openedAt = System.nanoTime();
        private volatile boolean started;

        Stream(String keyHash, StreamSlots.Owner owner) {
            this.keyHash = keyHash;
            this.owner = owner;
        }

        /** Completes with the reason when the stream must end now (its key no longer authenticates). */
        public CompletableFuture<ApiException> cut() {
            return cut;
        }

        /** Its frames are being written to the client. */
        public void started() {
            started = true;
        }
    }

    /** Takes a slot of {@code caller}'s key for a new stream; 429 {@code rate_limit_exceeded} when its streams are all open. */
    public Uni<Stream> open(Caller caller, String keyHash) {
        Stream stream = new Stream(keyHash, new StreamSlots.Owner(caller.accountId(), caller.keyId()));
        int limit = caller.limits().eventStreams();
        return slots.acquire(stream.owner, stream.id, limit).map(held -> {
            if (!held) {
                refusals.count("event_streams");
                throw new ApiException(ErrorCode.RATE_LIMIT_EXCEEDED, "at most " + limit
                        + " job event streams may be open at once for this key; close one, or retry when one ends", null,
                        Map.of("retry_after", RETRY_SECONDS, "limit", "event_streams"));
            }
            open.put(stream.id, stream);
            return stream;
        }).onFailure(f -> !(f instanceof ApiException)).transform(f -> {
            LOG.warnf("a stream's slot could not be taken: %s", f.toString());
            return ApiException.unavailable("job event streams are unavailable for a moment; try again shortly");
        });
    }

    /** The stream ended (its job ended, its client went away or was dropped, it was cut): its slot is given back. */
    public void close(Stream stream) {
        if (open.remove(stream.id) != null) {
            slots.release(stream.owner, stream.id).subscribe().with(done -> { }, failure ->
                    LOG.debugf("a stream's slot could not be given back now (it runs out): %s", failure.toString()));
        }
    }

    /** Streams open on this replica now. */
    int count() {
        return open.size();
    }

    void start(@Observes StartupEvent started) {
        timer = Executors.newSingleThreadScheduledExecutor(Thread.ofPlatform().name("open-streams").daemon().factory());
        timer.scheduleWithFixedDelay(this::watch, check.toMillis(), check.toMillis(), TimeUnit.MILLISECONDS);
    }

    void stop(@Observes ShutdownEvent stopping) {
        if (timer != null) {
            timer.shutdownNow();
        }
    }

    /** One turn: cuts the streams of keys no longer admitted, lets go of streams never started, renews the slots. */
    void watch() {
        try {
            long now = System.nanoTime();
            open.values().stream().filter(s -> !s.started && now - s.openedAt > UNSTARTED.toNanos()).toList().forEach(this::close);
            Map<String, List<Stream>> byKey = open.values().stream().collect(Collectors.groupingBy(s -> s.keyHash));
            byKey.forEach((hash, streams) -> standing.current(hash).subscribe().with(current -> {
                if (!current) {
                    ApiException revoked = new ApiException(ErrorCode.AUTHENTICATION_ERROR,
                            "the API key of this stream was revoked or has expired; the stream is closed");
                    streams.forEach(s -> s.cut.complete(revoked));
                }
            }, failure -> LOG.debugf("keys with open streams could not be checked now: %s", failure.toString())));
            if (now - renewedAt >= slots.ttl().toNanos() / 3) {
                renewedAt = now;
                open.values().stream().collect(Collectors.groupingBy(s -> s.owner)).forEach((owner, streams) ->
                        slots.renew(owner, streams.stream().map(s -> s.id).toList()).subscribe().with(done -> { }, failure ->
                                LOG.warnf("open streams' slots could not be renewed: %s", failure.toString())));
            }
        } catch (RuntimeException e) {
            LOG.warnf("open streams could not be watched: %s", e.toString());
        }
    }
}
