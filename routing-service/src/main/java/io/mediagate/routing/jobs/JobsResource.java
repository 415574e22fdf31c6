package io.mediagate.routing.jobs;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.Page;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.jobs.JobAnswer;
import io.mediagate.common.jobs.JobEventList;
import io.mediagate.common.jobs.JobList;
import io.mediagate.common.jobs.JobView;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.common.values.MediaKind;
import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * {@code GET /v1/jobs/{id}}, {@code DELETE /v1/jobs/{id}} and {@code GET /v1/jobs}: a caller's jobs, newest
 * first by default, a page at a time ({@link Page}'s limit) after a job id (the shape OpenAI-style lists page by).
 */
@Path(JobsApi.ROOT)
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class JobsResource {
    private static final Set<String> KINDS = Set.of("image", "video");
    private final JsonWebToken caller;
    private final ObjectMapper json;
    private final Cancellation cancellation;
    private final JobEvents events;
    private final JobPreviews previews;

    JobsResource(JsonWebToken caller, ObjectMapper json, Cancellation cancellation, JobEvents events, JobPreviews previews) {
        this.previews = previews;
        this.events = events;
        this.caller = caller;
        this.json = json;
        this.cancellation = cancellation;
    }

    @GET
    @Path(JobsApi.JOB)
    public Envelope<JobAnswer> get(@PathParam("id") String id) {
        return view(visible(JobRecord.findById(id), id));
    }

    /**
     * The job's events after the one numbered {@code after} (default 0: from the first), waiting up to {@code wait} ms (at
     * most {@link JobsApi#MAX_WAIT}, default none) for one when there is none yet and the job has not ended, and whether it has
     * ended with them. Runs on a virtual thread: a long poll holds no worker (nor a database connection while it waits).
     */
    @GET
    @Path(JobsApi.EVENTS)
    @RunOnVirtualThread
    public Envelope<JobEventList> events(@PathParam("id") String id, @QueryParam("after") String after, @QueryParam("wait") String wait) {
        visible(JobRecord.findById(id), id);
        long from = number("after", after, Long.MAX_VALUE);
        long waitMs = number("wait", wait, JobsApi.MAX_WAIT.toMillis());
        return Envelope.of(events.after(id, from, Duration.ofMillis(waitMs)));
    }

    /** A running job's preview still {@code index} (its {@code preview} event's {@code url}); 404 once it is gone. */
    @GET
    @Path(JobsApi.PREVIEW)
    @Produces("*/*")
    public Response preview(@PathParam("id") String id, @PathParam("index") String index) {
        visible(JobRecord.findById(id), id);
        int n = (int) number("index", index, 15);
        JobPreviews.Still still = previews.read(id, n).orElseThrow(() -> new ApiException(ErrorCode.NOT_FOUND,
                "job " + id + " has no preview " + n + " (any more)"));
        return Response.ok(still.bytes()).type(still.mime()).header("Cache-Control", "private, max-age=60").build();
    }

    private static long number(String name, String value, long max) {
        if (value == null || value.isBlank()) {
            return 0;
        }
        try {
            long n = Long.parseLong(value);
            if (n >= 0 && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw ApiException.invalid(name, name + " must be a whole number from 0 to " + max);
    }

    /** Cancels an unfinished job: 200 with the job now {@code cancelled}, 409 {@code job_finished} if it ended. */
    @DELETE
    @Path(JobsApi.JOB)
    public Envelope<JobAnswer> cancel(@PathParam("id") String id) {
        JobRecord job = visible(JobRecord.findById(id), id);
        JobRecord.getEntityManager().detach(job);
        cancellation.cancel(id, job.kind == MediaKind.VIDEO);
        return view(JobRecord.findById(id));
    }

    /** The caller's jobs of {@code kind} (all kinds when absent), {@code order} desc (default) or asc, after a job id. */
    @GET
    public Envelope<JobList> list(@QueryParam("kind") String kind, @QueryParam("after") String after,
                                 @QueryParam("limit") String limit, @QueryParam("order") String order) {
        if (kind != null && !KINDS.contains(kind)) {
            throw ApiException.invalid("kind", "kind must be image or video");
        }
        boolean ascending = "asc".equals(order);
        if (order != null && !ascending && !"desc".equals(order)) {
            throw ApiException.invalid("order", "order must be asc or desc");
        }
        int size = Page.parse(limit, null).limit();
        JobRecord cursor = null;
        if (after != null) {
            cursor = JobRecord.findById(after);
            if (cursor == null || !cursor.userId.equals(caller.getSubject())) {
                throw ApiException.invalid("after", "after must name one of your jobs");
            }
        }
        List<JobRecord> page = JobPage.of(caller.getSubject(), kind == null ? null : MediaKind.fromWire(kind), cursor, ascending, size + 1);
        boolean more = page.size() > size;
        List<JobView> jobs = page.stream().limit(size).map(this::viewOf).toList();
        return Envelope.of(new JobList(jobs, more));
    }

    private JobRecord visible(JobRecord job, String id) {
        if (job == null || !(job.userId.equals(caller.getSubject()) || caller.getGroups().contains(InternalToken.ADMIN))) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no job " + id);
        }
        return job;
    }

    private Envelope<JobAnswer> view(JobRecord job) {
        return Envelope.of(new JobAnswer(viewOf(job)));
    }

    private JobView viewOf(JobRecord job) {
        return job.view(read(job.request, GenerationRequest.class), read(job.reply, GenerationReply.class));
    }

    private <T> T read(String stored, Class<T> type) {
        if (stored == null) {
            return null;
        }
        try {
            return json.readValue(stored, type);
        } catch (IOException e) {
            throw new IllegalStateException("stored job data is unreadable", e);
        }
    }
}
