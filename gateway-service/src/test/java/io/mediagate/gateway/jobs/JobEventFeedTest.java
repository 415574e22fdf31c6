package io.mediagate.gateway.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.common.jobs.JobEventList;
import io.mediagate.common.jobs.JobList;
import io.mediagate.common.jobs.JobView;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.common.tier.Tier;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.limits.StreamSlots;
import jakarta.ws.rs.core.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The gateway's side of a job's event stream: routing's events as SSE frames, followed by long polls to the job's end. */
class JobEventFeedTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Caller CALLER = new Caller("acct_1", Tier.PRO, Tier.PRO.limits(), false, "key_1", null, null);

    /** Routing's answers in turn (an empty list: nothing came within the wait), and the {@code after} of each call. */
    private static class Routing implements JobsApi {
        final List<List<JobEvent>> answers;
        final List<Long> asked = new CopyOnWriteArrayList<>();
        final boolean ended;

        Routing(List<List<JobEvent>> answers) {
            this(answers, false);
        }

        /** With {@code ended}: the job has ended, and its last answer says so. */
        Routing(List<List<JobEvent>> answers, boolean ended) {
            this.answers = new ArrayList<>(answers);
            this.ended = ended;
        }

        @Override
        public CompletableFuture<JobEventList> events(String id, CallAs user, long after, Duration wait) {
            asked.add(after);
            List<JobEvent> answer = answers.isEmpty() ? List.of() : answers.removeFirst();
            return CompletableFuture.completedFuture(new JobEventList(answer, ended && answers.isEmpty()));
        }

        @Override
        public CompletableFuture<JobView> read(String id, CallAs user) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<JobView> cancel(String id, CallAs user) {
            throw new UnsupportedOperationException();
        }

        @Override
        public CompletableFuture<JobList> list(CallAs user, String kind, String after, String limit, String order) {
            throw new UnsupportedOperationException();
        }
    }

    private static JobEvent event(long id, JobEvent.Kind kind, Map<String, Object> data) {
        return new JobEvent(id, kind, Instant.parse("2026-11-26T12:00:00Z").plusSeconds(id), JSON.valueToTree(data));
    }

    private static OpenStreams.Stream stream() {
        return new OpenStreams.Stream("hash", new StreamSlots.Owner("acct_1", "key_1"));
    }

    /** A feed whose streams are not counted against a key (no slots here: those are {@code JobStreamsIT}'s). */
    private static JobEventFeed feed(JobsApi routing) {
        return new JobEventFeed(routing, null, JSON, new OpenStreams(null, null, null, Duration.ofSeconds(2)), Duration.ofSeconds(30));
    }

    private static List<String> events(List<String> frames) {
        return frames.stream().filter(f -> !f.startsWith(":")).toList();
    }

    @Test
    void eventsGoOutNumberedAsTheyComeAndTheStreamEndsWithTheJob() {
        Routing routing = new Routing(List.of(
                List.of(event(3, JobEvent.Kind.STARTED, Map.of("provider", "p", "attempt", 1))),
                List.of(),
                List.of(event(4, JobEvent.Kind.PROGRESS, Map.of("percent", 50)), event(5, JobEvent.Kind.COMPLETED, Map.of("job", Map.of()))),
                List.of(event(6, JobEvent.Kind.PROGRESS, Map.of("percent", 99)))));
        List<String> frames = feed(routing).follow(CALLER, "job_abcdefgh", new AtomicLong(2), JobEventFeed.Batch.NONE, stream())
                .frames().collect().asList().await().atMost(Duration.ofSeconds(10));
        assertEquals(": stream open\n\n", frames.getFirst());
        List<String> events = events(frames);
        assertEquals(3, events.size(), "three events, then the end: nothing after the job's end is read: " + frames);
        assertTrue(events.getFirst().startsWith("id: 3\nevent: started\ndata: {"), events.getFirst());
        assertTrue(events.getFirst().contains("\"job_id\":\"job_abcdefgh\""), events.getFirst());
        assertTrue(events.getFirst().contains("\"provider\":\"p\""), events.getFirst());
        assertTrue(events.getLast().startsWith("id: 5\nevent: completed\n"), events.getLast());
        assertEquals(List.of(2L, 3L, 3L), routing.asked, "each poll asks for what follows the last event sent");
    }

    /** Resumed at or past a finished job's last event: 204 at once, one look at routing, no stream held open. */
    @Test
    void aStreamResumedPastAFinishedJobsEndIsAnswered204AtOnce() {
        Routing routing = new Routing(List.of(List.of()), true);
        Response answer = feed(routing).open(CALLER, "hash", "job_abcdefgh", 9).await().atMost(Duration.ofSeconds(2));
        assertEquals(204, answer.getStatus());
        assertEquals(List.of(9L), routing.asked);
    }

    /** Routing says the job ended with the events it answered (no terminal event among them): the stream ends there too. */
    @Test
    void theStreamEndsWhenRoutingSaysTheJobEndedEvenWithoutATerminalEvent() {
        Routing routing = new Routing(List.of(List.of(), List.of(event(7, JobEvent.Kind.PROGRESS, Map.of("percent", 100)))), true);
        List<String> frames = feed(routing).follow(CALLER, "job_abcdefgh", new AtomicLong(6), JobEventFeed.Batch.NONE, stream())
                .frames().collect().asList().await().atMost(Duration.ofSeconds(10));
        assertEquals(1, events(frames).size(), frames.toString());
        assertEquals(List.of(6L, 6L), routing.asked);
    }

    /** An event of a kind this gateway does not know is skipped, and the next poll asks for what follows it. */
    @Test
    void anEventOfAnUnknownKindIsSkippedAndNotAskedForAgain() {
        Routing routing = new Routing(List.of(List.of(new JobEvent(3, null, Instant.now(), JSON.createObjectNode())),
                List.of(event(4, JobEvent.Kind.CANCELLED, Map.of("job", Map.of())))));
        List<String> frames = feed(routing).follow(CALLER, "job_abcdefgh", new AtomicLong(2), JobEventFeed.Batch.NONE, stream())
                .frames().collect().asList().await().atMost(Duration.ofSeconds(10));
        assertEquals(List.of(2L, 3L), routing.asked);
        assertTrue(events(frames).getFirst().startsWith("id: 4\nevent: cancelled\n"), frames.toString());
    }

    /** A stream cut (its key revoked) sends the failure as an {@code error} event and ends, though its job goes on. */
    @Test
    void aCutStreamEndsWithTheFailureAsAnErrorEvent() {
        Routing routing = new Routing(List.of()) {
            @Override
            public CompletableFuture<JobEventList> events(String id, CallAs user, long after, Duration wait) {
                asked.add(after);
                return CompletableFuture.supplyAsync(() -> new JobEventList(List.of(), false),
                        CompletableFuture.delayedExecutor(100, java.util.concurrent.TimeUnit.MILLISECONDS));
            }
        };
        OpenStreams.Stream stream = stream();
        CompletableFuture.delayedExecutor(300, java.util.concurrent.TimeUnit.MILLISECONDS).execute(() -> stream.cut().complete(
                new ApiException(ErrorCode.AUTHENTICATION_ERROR, "the API key of this stream was revoked")));
        List<String> frames = feed(routing).follow(CALLER, "job_abcdefgh", new AtomicLong(0), JobEventFeed.Batch.NONE, stream)
                .frames().collect().asList().await().atMost(Duration.ofSeconds(5));
        String last = frames.getLast();
        assertTrue(last.startsWith("event: error\ndata: {"), last);
        assertTrue(last.contains("\"code\":\"authentication_error\""), last);
    }

    @Test
    void aLastEventIdThatIsNoEventIdIsRefusedNamingIt() {
        assertEquals(0, JobEventFeed.after(null));
        assertEquals(17, JobEventFeed.after("17"));
        assertEquals("Last-Event-ID", assertThrows(ApiException.class, () -> JobEventFeed.after("-1")).param());
        assertEquals("Last-Event-ID", assertThrows(ApiException.class, () -> JobEventFeed.after("abc")).param());
    }
}
