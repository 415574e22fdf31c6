package io.mediagate.gateway.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.common.jobs.JobEventList;
import io.mediagate.common.jobs.JobList;
import io.mediagate.common.jobs.JobView;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.common.tier.Tier;
import io.mediagate.gateway.auth.Caller;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The gateway's side of a job's event stream: routing's events as SSE frames, followed by long polls to the job's end. */
class JobEventFeedTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Caller CALLER = new Caller("acct_1", Tier.PRO, Tier.PRO.limits(), false, "key_1", null, null);

    /** Routing's answers in turn (an empty list: nothing came within the wait), and the {@code after} of each call. */
    private static final class Routing implements JobsApi {
        final List<List<JobEvent>> answers;
        final List<Long> asked = new CopyOnWriteArrayList<>();

        Routing(List<List<JobEvent>> answers) {
            this.answers = new ArrayList<>(answers);
        }

        @Override
        public CompletableFuture<JobEventList> events(String id, CallAs user, long after, Duration wait) {
            asked.add(after);
            return CompletableFuture.completedFuture(new JobEventList(answers.isEmpty() ? List.of() : answers.removeFirst()));
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

    @Test
    void eventsGoOutNumberedAsTheyComeAndTheStreamEndsWithTheJob() {
        Routing routing = new Routing(List.of(
                List.of(event(3, JobEvent.Kind.STARTED, Map.of("provider", "p", "attempt", 1))),
                List.of(),
                List.of(event(4, JobEvent.Kind.PROGRESS, Map.of("percent", 50)), event(5, JobEvent.Kind.COMPLETED, Map.of("job", Map.of()))),
                List.of(event(6, JobEvent.Kind.PROGRESS, Map.of("percent", 99)))));
        JobEventFeed feed = new JobEventFeed(routing, null, JSON, Duration.ofSeconds(30));
        List<String> frames = feed.follow(CALLER, "job_abcdefgh", 2).frames().collect().asList().await().atMost(Duration.ofSeconds(10));
        assertEquals(": stream open\n\n", frames.getFirst());
        List<String> events = frames.stream().filter(f -> !f.startsWith(":")).toList();
        assertEquals(3, events.size(), "three events, then the end: nothing after the job's end is read: " + frames);
        assertTrue(events.getFirst().startsWith("id: 3\nevent: started\ndata: {"), events.getFirst());
        assertTrue(events.getFirst().contains("\"job_id\":\"job_abcdefgh\""), events.getFirst());
        assertTrue(events.getFirst().contains("\"provider\":\"p\""), events.getFirst());
        assertTrue(events.getLast().startsWith("id: 5\nevent: completed\n"), events.getLast());
        assertEquals(List.of(2L, 3L, 3L), routing.asked, "each poll asks for what follows the last event sent");
    }

    @Test
    void aLastEventIdThatIsNoEventIdIsRefusedNamingIt() {
        assertEquals(0, JobEventFeed.after(null));
        assertEquals(17, JobEventFeed.after("17"));
        assertEquals("Last-Event-ID", assertThrows(ApiException.class, () -> JobEventFeed.after("-1")).param());
        assertEquals("Last-Event-ID", assertThrows(ApiException.class, () -> JobEventFeed.after("abc")).param());
    }
}
