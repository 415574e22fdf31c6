package io.mediagate.routing.jobs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.jobs.JobList;
import io.mediagate.common.jobs.JobView;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.common.jobs.JobsApiClient;
import io.mediagate.common.tier.Tier;
import io.mediagate.testing.ServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.net.URL;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The jobs client the gateway uses ({@link JobsApiClient}) against routing's own resource, as the jobs' owner. */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "routing"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "s3", value = "true")})
class JobsApiContractIT {
    @Inject
    InternalHttp http;
    @Inject
    Jobs jobs;
    @TestHTTPResource("/")
    URL base;

    private JobsApi api() {
        return new JobsApiClient(http, base.toString());
    }

    private static String newId(String prefix) {
        return prefix + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    /** A running image job of {@code user}, accepted at {@code at}. */
    private String running(String user, Instant at) {
        String id = newId("job_");
        GenerationRequest request = GenerationRequest.image(new GenerationRequest.Origin(id, "req_1", user, Tier.FREE, "key_1", at),
                new GenerationRequest.Ask("local/pattern", null, "optimal", "a kite", "64x64", true, Map.of()), 1, "url", null, null);
        jobs.begin(request, Stage.GENERATING, null);
        return id;
    }

    @Test
    void aJobReadsAsItsOwnerSeesItAndIsCancelledOnce() {
        String user = newId("usr_");
        String id = running(user, Instant.now());
        CallAs owner = CallAs.user(user, Tier.FREE);
        JobView job = InternalHttp.await(api().read(id, owner));
        assertEquals(id, job.id());
        assertEquals("image", job.kind());
        assertEquals(JobStatus.RUNNING, job.status());
        assertEquals("a kite", job.request().prompt());

        assertEquals(ErrorCode.NOT_FOUND, assertThrows(ApiException.class,
                () -> InternalHttp.await(api().read(id, CallAs.user(user + "x", Tier.FREE)))).code(), "nobody else sees it");

        JobView cancelled = InternalHttp.await(api().cancel(id, owner));
        assertEquals(JobStatus.CANCELLED, cancelled.status());
        assertEquals(ErrorCode.JOB_FINISHED, assertThrows(ApiException.class,
                () -> InternalHttp.await(api().cancel(id, owner))).code());
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
