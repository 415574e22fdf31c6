package io.mediagate.routing.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.common.jobs.JobEventList;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.common.jobs.JobsApiClient;
import io.mediagate.common.tier.Tier;
import io.mediagate.testing.ServiceResource;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import java.math.BigDecimal;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Followers of a job's events as an attacker would use them: resuming past a finished job's end, and many long polls on
 * one job, which must not each cost the database a query on a timer.
 */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "routing"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "s3", value = "true")})
class JobFollowersIT {
    @Inject
    InternalClients clients;
    @Inject
    Jobs jobs;
    @Inject
    JobFollowers followers;
    @Inject
    EntityManager entities;
    @Inject
    MeterRegistry registry;
    @TestHTTPResource("/")
    URL base;

    private JobsApi api() {
        return new JobsApiClient(clients, base.toString());
    }

    private static String newId(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    private String running(String user) {
        String id = newId("job_");
        GenerationRequest request = GenerationRequest.image(new GenerationRequest.Origin(id, "req_1", user, Tier.FREE, "key_1", Instant.now()),
                new GenerationRequest.Ask("local/pattern", null, "optimal", "a kite", io.mediagate.common.values.Size.of("64x64"), true, Map.of()), 1, "url", null, null);
        jobs.begin(request, io.mediagate.common.values.JobStage.GENERATING, null);
        return id;
    }

    private double reads() {
        return registry.get("mediagate.job.event.reads").counter().count();
    }

    /** A long poll at or past a finished job's last event is answered at once, saying the job has ended. */
    @Test
    void resumingAtOrPastAFinishedJobsEndIsAnsweredAtOnce() {
        String user = newId("usr_");
        String id = running(user);
        CallAs owner = CallAs.user(user, Tier.FREE);
        assertFalse(InternalHttp.await(api().events(id, owner, 0, Duration.ZERO)).ended(), "a running job has not ended");
        jobs.end(id, GenerationReply.ok(id, List.of(), new BigDecimal("0.04"), null));
        List<JobEvent> all = InternalHttp.await(api().events(id, owner, 0, Duration.ZERO)).events();
        long last = all.getLast().id();
        assertEquals(JobEvent.Kind.COMPLETED, all.getLast().event());

        for (long after : new long[] {last, last + 1, 999_999_999}) {
            long start = System.nanoTime();
            JobEventList answer = InternalHttp.await(api().events(id, owner, after, Duration.ofSeconds(20)));
            long ms = (System.nanoTime() - start) / 1_000_000;
            assertTrue(answer.events().isEmpty());
            assertTrue(answer.ended(), "after " + after + ": the job has ended");
            assertTrue(ms < 2_000, "after " + after + ": answered at once, not after the 20 s wait (" + ms + " ms)");
        }
        JobEventList rest = InternalHttp.await(api().events(id, owner, last - 1, Duration.ofSeconds(20)));
        assertEquals(List.of(last), rest.events().stream().map(JobEvent::id).toList());
        assertTrue(rest.ended(), "the page that reaches the last event says the job ended with it");
    }

    /**
     * Forty long polls on one job share one follower: idle, they cost the database about one look per recheck interval,
     * not one per poll per interval; an event written on another replica (straight into the tables, as another routing
     * would, without ringing this replica's bell) still reaches every one of them within a second or two.
     */
    @Test
    void manyWaitersOfOneJobShareOneFollowerAndHearAnotherReplicasEvent() throws Exception {
        String user = newId("usr_");
        String id = running(user);
        CallAs owner = CallAs.user(user, Tier.FREE);
        long known = InternalHttp.await(api().events(id, owner, 0, Duration.ZERO)).events().getLast().id();
        int waiters = 40;
        List<CompletableFuture<JobEventList>> polls = new ArrayList<>();
        for (int i = 0; i < waiters; i++) {
            polls.add(api().events(id, owner, known, Duration.ofSeconds(20)));
        }
        Thread.sleep(1_000); // all have looked once and wait
        assertEquals(1, followers.followed(), "one follower for the job, however many wait");
        double before = reads();
        Thread.sleep(3_000);
        double idle = reads() - before;
        // The shared recheck looks about six times in 3 s (500 ms); a look per waiter per 500 ms would be 240.
        assertTrue(idle <= 12, "idle waiters cost " + idle + " reads in 3 s");
        assertTrue(polls.stream().noneMatch(CompletableFuture::isDone), "nothing new: all still wait");

        long start = System.nanoTime();
        QuarkusTransaction.requiringNew().run(() -> {
            entities.createNativeQuery("UPDATE jobs SET events = events + 1 WHERE id = ?1").setParameter(1, id).executeUpdate();
            entities.createNativeQuery("INSERT INTO job_events (job_id, seq, kind, data, at) VALUES (?1, ?2, 'progress', '{\"percent\":50}', ?3)")
                    .setParameter(1, id).setParameter(2, known + 1).setParameter(3, Instant.now().toEpochMilli()).executeUpdate();
        });
        for (CompletableFuture<JobEventList> poll : polls) {
            List<JobEvent> got = poll.get(5, TimeUnit.SECONDS).events();
            assertEquals(List.of(known + 1), got.stream().map(JobEvent::id).toList());
            assertEquals(50, got.getFirst().data().path("percent").asInt());
        }
        long ms = (System.nanoTime() - start) / 1_000_000;
        assertTrue(ms < 3_000, "another replica's event reached every waiter in " + ms + " ms");
        Thread.sleep(200);
        assertEquals(0, followers.followed(), "the follower is gone with its last waiter");
    }
}
