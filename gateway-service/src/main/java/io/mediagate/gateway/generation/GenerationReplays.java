package io.mediagate.gateway.generation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationEvent;
import io.mediagate.common.events.GenerationReply;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.Stats;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.Submissions;
import io.mediagate.gateway.jobs.Jobs;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The answer a generation request with a used {@code Idempotency-Key} gets: what the first request got or would have
 * got, from its job at routing. A held request waits for the job to end, as the first did (up to the wait limit; then
 * 202 with the job); an asynchronous one gets 202 with the job as it is now.
 */
@ApplicationScoped
public class GenerationReplays {
    private static final Set<String> ENDED = Set.of(GenerationEvent.SUCCEEDED, GenerationEvent.FAILED, GenerationEvent.CANCELLED);
    private static final Duration POLL = Duration.ofMillis(500);
    private final Jobs jobs;
    private final ObjectMapper json;
    private final Clock clock;
    private final Duration waitLimit;

    GenerationReplays(Jobs jobs, ObjectMapper json, Clock clock,
                      @ConfigProperty(name = "mp.messaging.outgoing.generation-requests.reply.timeout", defaultValue = "120000") long waitLimitMs) {
        this.jobs = jobs;
        this.json = json;
        this.clock = clock;
        this.waitLimit = Duration.ofMillis(waitLimitMs);
    }

    /** The answer for job {@code jobId}; {@code answer} renders a successful reply as the endpoint does. */
    public Uni<Response> replay(Caller caller, String jobId, boolean async, Function<GenerationReply, Uni<Response>> answer) {
        Uni<JsonNode> job = async ? jobs.read(caller, jobId) : ended(caller, jobId, clock.instant().plus(waitLimit));
        return job.flatMap(j -> {
            String status = j.path("status").asText();
            if (!async && status.equals(GenerationEvent.SUCCEEDED)) {
                return answer.apply(reply(j, true));
            }
            if (!async && ENDED.contains(status)) {
                ErrorBody error = reply(j, false).error();
                return Uni.createFrom().item(ApiExceptionMapper.render(error != null ? error.toException()
                        : new ApiException(ErrorCode.PROVIDER_ERROR, "job " + jobId + " " + status)));
            }
            String shown = async || ENDED.contains(status) ? status : "running";
            return Uni.createFrom().item(Submissions.accepted(jobId, j.path("kind").asText(), shown,
                    Instant.parse(j.path("createdAt").asText()), async));
        });
    }

    /** The job once it has ended, or as it is at {@code deadline}. */
    private Uni<JsonNode> ended(Caller caller, String jobId, Instant deadline) {
        return jobs.read(caller, jobId).flatMap(j -> ENDED.contains(j.path("status").asText()) || clock.instant().isAfter(deadline)
                ? Uni.createFrom().item(j)
                : Uni.createFrom().voidItem().onItem().delayIt().by(POLL).flatMap(v -> ended(caller, jobId, deadline)));
    }

    private GenerationReply reply(JsonNode job, boolean success) {
        try {
            List<MediaItem> data = job.hasNonNull("data") ? json.convertValue(job.get("data"), new TypeReference<>() { }) : null;
            BigDecimal price = job.hasNonNull("price") ? job.get("price").decimalValue() : BigDecimal.ZERO;
            Stats stats = job.hasNonNull("stats") ? json.treeToValue(job.get("stats"), Stats.class) : null;
            ErrorBody error = job.hasNonNull("error") ? json.treeToValue(job.get("error"), ErrorBody.class) : null;
            return new GenerationReply(job.path("id").asText(), success, data, price, stats, error);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new IllegalStateException("job " + job.path("id").asText() + " is unreadable", e);
        }
    }
}
