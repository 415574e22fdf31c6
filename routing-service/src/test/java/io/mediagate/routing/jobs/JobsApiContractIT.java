package io.mediagate.routing.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.common.jobs.JobEventList;
import io.mediagate.common.jobs.JobList;
import io.mediagate.common.jobs.JobView;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.common.jobs.JobsApiClient;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.values.MediaKind;
import io.mediagate.testing.ServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

/** The jobs client the gateway uses ({@link JobsApiClient}) against routing's own resource, as the jobs' owner. */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "routing"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "s3", value = "true")})
class JobsApiContractIT {
    @Inject
    InternalClients clients;
    @Inject
    Jobs jobs;
    @Inject
    JobEvents events;
    @TestHTTPResource("/")
    URL base;

    private JobsApi api() {
        return new JobsApiClient(clients, base.toString());
    }

    private static String newId(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    /** A running image job of {@code user}, accepted at {@code at}. */
    private String running(String user, Instant at) {
        String id = newId("job_");
        GenerationRequest request = GenerationRequest.image(new GenerationRequest.Origin(id, "req_1", user, Tier.FREE, "key_1", at),
                new GenerationRequest.Ask("local/pattern", null, "optimal", "a kite", io.mediagate.common.values.Size.of("64x64"), true, Map.of()), 1, "url", null, null);
        jobs.begin(request, io.mediagate.common.values.JobStage.GENERATING, null);
        return id;
    }

    @Test
    void aJobReadsAsItsOwnerSeesItAndIsCancelledOnce() {
        String user = newId("usr_");
        String id = running(user, Instant.now());
        CallAs owner = CallAs.user(user, Tier.FREE);
        JobView job = InternalHttp.await(api().read(id, owner));
        assertEquals(id, job.id());
        assertEquals(MediaKind.IMAGE, job.kind());
        assertEquals(JobStatus.RUNNING, job.status());
        assertEquals("a kite", job.request().prompt());

        assertEquals(ErrorCode.NOT_FOUND, assertThrows(ApiException.class,
                () -> InternalHttp.await(api().read(id, CallAs.user(user + "x", Tier.FREE)))).code(), "nobody else sees it");

        JobView cancelled = InternalHttp.await(api().cancel(id, owner));
        assertEquals(JobStatus.CANCELLED, cancelled.status());
        assertEquals(ErrorCode.JOB_FINISHED, assertThrows(ApiException.class,
                () -> InternalHttp.await(api().cancel(id, owner))).code());
    }

    /**
     * A job's events come numbered 1, 2, … in the order they were written, also when written at once from many threads; a
     * follower waiting for the next one is answered as soon as it is written; the job's end is the last.
     */
    @Test
    void aJobsEventsAreNumberedInOrderAndALongPollIsAnsweredByTheNext() throws Exception {
        String user = newId("usr_");
        String id = running(user, Instant.now());
        CallAs owner = CallAs.user(user, Tier.FREE);
        List<JobEvent> begun = InternalHttp.await(api().events(id, owner, 0, Duration.ZERO)).events();
        assertEquals(List.of(JobEvent.Kind.QUEUED, JobEvent.Kind.STAGE), begun.stream().map(JobEvent::event).toList());
        assertEquals(List.of(1L, 2L), begun.stream().map(JobEvent::id).toList());
        assertEquals("local/pattern", begun.getFirst().data().path("model").asText());

        CompletableFuture<JobEventList> waiting = api().events(id, owner, 2, Duration.ofSeconds(20));
        Thread.sleep(300);
        assertFalse(waiting.isDone(), "nothing new yet: the follower waits");
        jobs.advance(id, io.mediagate.common.values.JobStage.GENERATING, 20);
        List<JobEvent> next = waiting.get(10, TimeUnit.SECONDS).events();
        assertEquals(JobEvent.Kind.PROGRESS, next.getFirst().event());
        assertEquals(3, next.getFirst().id());
        assertEquals(20, next.getFirst().data().path("percent").asInt());

        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> written = new ArrayList<>();
            for (int i = 0; i < 40; i++) {
                int n = i;
                written.add(pool.submit(() -> events.record(id, JobEvent.Kind.PROGRESS, Map.of("n", n))));
            }
            for (Future<?> f : written) {
                f.get(30, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdown();
        }
        jobs.end(id, GenerationReply.ok(id, List.of(), new BigDecimal("0.04"), null));
        List<JobEvent> all = InternalHttp.await(api().events(id, owner, 0, Duration.ZERO)).events();
        assertEquals(LongStream.rangeClosed(1, all.size()).boxed().toList(), all.stream().map(JobEvent::id).toList(), "no number twice, none missing");
        assertEquals(3 + 40 + 2, all.size(), "the job's stage ended, then its completion");
        assertEquals("ended", all.get(all.size() - 2).data().path("state").asText());
        assertEquals(JobEvent.Kind.COMPLETED, all.getLast().event());
        assertEquals(0, new BigDecimal("0.04").compareTo(all.getLast().data().path("job").path("price").decimalValue()));

        assertEquals(ErrorCode.NOT_FOUND, assertThrows(ApiException.class,
                () -> InternalHttp.await(api().events(id, CallAs.user(user + "x", Tier.FREE), 0, Duration.ZERO))).code());
        assertEquals("after", assertThrows(ApiException.class,
                () -> InternalHttp.await(api().events(id, owner, -1, Duration.ZERO))).param());
    }

    @Test
    void aFinishedJobCarriesItsReplyAndTheListPagesNewestFirst() {
        String user = newId("usr_");
        Instant start = Instant.now().truncatedTo(ChronoUnit.MILLIS).minusSeconds(60);
        String first = running(user, start);
        String second = running(user, start.plusSeconds(1));
        jobs.end(second, GenerationReply.ok(second, List.of(), new BigDecimal("0.04"), null));
        CallAs owner = CallAs.user(user, Tier.FREE);

        JobView done = InternalHttp.await(api().read(second, owner));
        assertEquals(JobStatus.SUCCEEDED, done.status());
        assertEquals(100, done.progress());
        assertEquals(0, new BigDecimal("0.04").compareTo(done.price()));

        JobList page = InternalHttp.await(api().list(owner, "image", null, "1", null));
        assertEquals(List.of(second), page.jobs().stream().map(JobView::id).toList());
        assertTrue(page.hasMore());
        JobList rest = InternalHttp.await(api().list(owner, null, second, null, "desc"));
        assertEquals(List.of(first), rest.jobs().stream().map(JobView::id).toList());
        assertFalse(rest.hasMore());

        ApiException badOrder = assertThrows(ApiException.class, () -> InternalHttp.await(api().list(owner, null, null, null, "sideways")));
        assertEquals("order", badOrder.param());
    }
}
