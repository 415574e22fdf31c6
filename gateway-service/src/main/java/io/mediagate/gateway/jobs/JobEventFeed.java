package io.mediagate.gateway.jobs;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.jobs.JobEvent;
import io.mediagate.common.jobs.JobEventList;
import io.mediagate.common.jobs.JobsApi;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.streams.EventStream;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
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
 * job's terminal event ({@code completed}, {@code failed}, {@code cancelled}) and is kept alive by comments meanwhile; one
 * resumed at or past a finished job's last event is answered 204 at once (EventSource then stops reconnecting). Each open
 * stream holds one of its key's slots and ends when its key no longer authenticates ({@link OpenStreams}). Routing is
 * asked with long polls ({@link #POLL}), which it answers from one follower per job ({@code JobFollowers} there); while
 * it does not know the job yet (accepted, still in Kafka) or is unreachable, the stream waits and asks again.
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
    private final OpenStreams streams;
    private final Duration keepAlive;

    JobEventFeed(JobsApi jobs, SubmittedJobs submitted, ObjectMapper json, OpenStreams streams,
                 @ConfigProperty(name = "mediagate.streams.keep-alive", defaultValue = "15s") Duration keepAlive) {
        this.jobs = jobs;
        this.submitted = submitted;
        this.json = json;
        this.streams = streams;
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

    /** Some events' frames, and whether the job ended with them. */
    record Batch(List<String> frames, boolean end) {
        static final Batch NONE = new Batch(List.of(), false);
    }

    /**
     * The answer to a request for job {@code id}'s events after {@code after}, as {@code caller} (who came with the key of
     * hash {@code keyHash}) may see them: 204 when the job has ended with nothing after {@code after}, else the stream,
     * once it holds one of the key's slots (429 when they are all taken).
     */
    public Uni<Response> open(Caller caller, String keyHash, String id, long after) {
        AtomicLong last = new AtomicLong(after);
        return next(caller, id, last, Duration.ZERO, Duration.ZERO).flatMap(first -> {
            if (first.frames().isEmpty() && first.end()) {
                return Uni.createFrom().item(Response.noContent().header("Cache-Control", "no-cache").build());
            }
            return streams.open(caller, keyHash).map(stream -> follow(caller, id, last, first, stream).response());
        });
    }

    /** The stream that begins with {@code first} and follows the job from {@code last} on, until it ends or is cut. */
    EventStream follow(Caller caller, String id, AtomicLong last, Batch first, OpenStreams.Stream stream) {
        Multi<Batch> rest = first.end() ? Multi.createFrom().empty()
                : Multi.createBy().repeating().uni(() -> next(caller, id, last, POLL, PICKUP)).whilst(batch -> !batch.end());
        Multi<String> frames = Multi.createBy().concatenating().streams(Multi.createFrom().item(first), rest)
                .onItem().transformToIterable(Batch::frames);
        EventStream events = EventStream.of(frames, keepAlive, stream.cut().thenApply(this::error));
        return new EventStream(events.frames().onSubscription().invoke(stream::started).onTermination().invoke(() -> streams.close(stream)));
    }

    private Uni<Batch> next(Caller caller, String id, AtomicLong last, Duration wait, Duration pickup) {
        return Uni.createFrom().completionStage(() -> jobs.events(id, caller.as(), last.get(), wait)).map(list -> batch(id, list, last))
                .onFailure(JobEventFeed::notFound).recoverWithUni(notFound -> submitted.find(caller.accountId(), id).flatMap(job -> job == null
                        ? Uni.createFrom().item(new Batch(List.of(error((ApiException) notFound)), true))
                        : pause(pickup)))
                .onFailure().recoverWithUni(outage -> pause(wait.isZero() ? Duration.ZERO : OUTAGE));
    }

    private Batch batch(String id, JobEventList list, AtomicLong last) {
        List<String> frames = new ArrayList<>();
        boolean end = list.ended();
        for (JobEvent event : list.events()) {
            last.set(event.id());
            end = end || event.terminal();
            if (event.event() != null) { // a kind this replica does not know yet (a newer routing): skipped, not misnamed
                frames.add(frame(id, event));
            }
        }
        return new Batch(frames, end);
    }

    private static Uni<Batch> pause(Duration pause) {
        return pause.isZero() ? Uni.createFrom().item(Batch.NONE) : Uni.createFrom().item(Batch.NONE).onItem().delayIt().by(pause);
    }

    private String error(ApiException failure) {
        return EventStream.event("error", json.valueToTree(failure.body(null)).toString());
    }

    private String frame(String jobId, JobEvent event) {
        return "id: " + event.id() + "\n" + EventStream.event(event.event().wire(), event.wire(json, jobId).toString());
    }

    private static boolean notFound(Throwable failure) {
        return failure instanceof ApiException e && e.code() == ErrorCode.NOT_FOUND;
    }
}
