package io.mediagate.gateway.jobs;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.streams.EventStream;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code GET /v1/jobs/{id}/events}: a job's events as {@code text/event-stream}, from routing's job store. Each event goes
 * out as it is recorded, with its number as the stream's {@code id:}, its kind as {@code event:} and a JSON object as
 * {@code data:} (the job's id, when it happened, the event's fields); a client that reconnects with
 * {@code Last-Event-ID} gets every event after that one, from whichever replica it reaches. The stream ends after the
 * job's terminal event ({@code completed}, {@code failed}, {@code cancelled}) and is kept alive by comments meanwhile.
 * Routing is asked with long polls ({@link #POLL}); while it does not know the job yet (accepted, still in Kafka) or is
 * unreachable, the stream waits and asks again.
 */
@ApplicationScoped
public class JobEventFeed {
    static final Duration POLL = Duration.ofSeconds(20);
    private static final Duration PICKUP = Duration.ofMillis(250);
    private static final Duration OUTAGE = Duration.ofSeconds(1);
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,9}");
    private final JobsApi jobs;
    private final SubmittedJobs submitted;
    private final ObjectMapper json;
    private final Duration keepAlive;

    JobEventFeed(JobsApi jobs, SubmittedJobs submitted, ObjectMapper json,
                 @ConfigProperty(name = "mediagate.streams.keep-alive", defaultValue = "15s") Duration keepAlive) {
        this.jobs = jobs;
        this.submitted = submitted;
        this.json = json;
        this.keepAlive = keepAlive;
    }

    /** The event after which to start: 0 without {@code Last-Event-ID}, else its number (400 naming it when it is none). */
    public static long after(String lastEventId) {
        if (lastEventId == null || lastEventId.isBlank()) {
            return 0;
        }
        if (!NUMBER.matcher(lastEventId.strip()).matches()) {
            throw ApiException.invalid("Last-Event-ID", "Last-Event-ID must be the id of an event of this stream");
        }
        return Long.parseLong(lastEventId.strip());
    }

    /** Some events' frames, and whether the last of them ended the job. */
    private record Batch(List<String> frames, boolean end) {
        static final Batch NONE = new Batch(List.of(), false);
    }

    /** The stream of job {@code id}'s events after number {@code after}, as {@code caller} may see them. */
    public EventStream follow(Caller caller, String id, long after) {
        AtomicLong last = new AtomicLong(after);
        Multi<String> frames = Multi.createBy().repeating().uni(() -> next(caller, id, last)).whilst(batch -> !batch.end())
                .onItem().transformToIterable(Batch::frames);
        return EventStream.of(frames, keepAlive);
    }

    private Uni<Batch> next(Caller caller, String id, AtomicLong last) {
        return Uni.createFrom().completionStage(() -> jobs.events(id, caller.as(), last.get(), POLL)).map(list -> {
            List<String> frames = new ArrayList<>();
            boolean end = false;
            for (JobEvent event : list.events()) {
                if (event.event() == null) {
                    continue; // a kind this replica does not know yet (a newer routing): skipped, not misnamed
                }
                frames.add(frame(id, event));
                last.set(event.id());
                end = end || event.terminal();
            }
            return new Batch(frames, end);
        }).onFailure(JobEventFeed::notFound).recoverWithUni(notFound -> submitted.find(caller.accountId(), id).flatMap(job -> job == null
                ? Uni.createFrom().item(new Batch(List.of(EventStream.event("error", json.valueToTree(((ApiException) notFound)
                        .body(null)).toString())), true))
                : Uni.createFrom().item(Batch.NONE).onItem().delayIt().by(PICKUP)))
                .onFailure().recoverWithUni(outage -> Uni.createFrom().item(Batch.NONE).onItem().delayIt().by(OUTAGE));
    }

    private String frame(String jobId, JobEvent event) {
        return "id: " + event.id() + "\n" + EventStream.event(event.event().wire(), event.wire(json, jobId).toString());
    }

    private static boolean notFound(Throwable failure) {
        return failure instanceof ApiException e && e.code() == ErrorCode.NOT_FOUND;
    }
}
