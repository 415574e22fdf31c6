package io.mediagate.gateway.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.GenerationRequest;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Jobs answered with 202 that routing may not have picked up from Kafka yet: a client that asks for its job
 * at once must see it queued, not "not found". Each is remembered in Redis, per account, as the job routing
 * would show, for {@link #TTL} (routing knows it long before then), on whichever gateway replica is asked.
 */
@ApplicationScoped
public class SubmittedJobs {
    private static final Logger LOG = Logger.getLogger(SubmittedJobs.class);
    static final Duration TTL = Duration.ofHours(1);
    static final Duration PICKUP_WAIT = Duration.ofSeconds(5);
    private static final Duration PICKUP_POLL = Duration.ofMillis(200);
    private final ReactiveRedisDataSource redis;
    private final ObjectMapper json;
    private final String prefix;

    SubmittedJobs(ReactiveRedisDataSource redis, ObjectMapper json,
                    @ConfigProperty(name = "mediagate.limits.key-prefix", defaultValue = "mg") String prefix) {
        this.redis = redis;
        this.json = json;
        this.prefix = prefix;
    }

    private String key(String accountId, String jobId) {
        return prefix + ":submitted:{" + accountId + "}:" + jobId;
    }

    /** Remembers {@code request} as queued. Never fails: a failure to remember only costs an early "not found". */
    public Uni<Void> remember(GenerationRequest request) {
        ObjectNode job = json.createObjectNode();
        job.put("id", request.jobId());
        job.put("kind", request.kind().wire());
        job.put("status", "queued");
        job.put("progress", 0);
        job.put("createdAt", request.acceptedAt().toString());
        ObjectNode asked = job.putObject("request");
        asked.put("model", request.model());
        asked.put("prompt", request.prompt());
        asked.put("size", request.size());
        if (request.duration() != null) {
            asked.put("duration", request.duration());
        }
        asked.put("videoId", request.videoId());
        try {
            return redis.execute(Command.SET, key(request.userId(), request.jobId()), json.writeValueAsString(job),
                    "EX", String.valueOf(TTL.toSeconds())).replaceWithVoid()
                    .onFailure().invoke(f -> LOG.warnf("job %s not remembered as submitted: %s", request.jobId(), f.toString()))
                    .onFailure().recoverWithNull();
        } catch (JsonProcessingException e) {
            LOG.warnf("job %s not remembered as submitted: %s", request.jobId(), e.toString());
            return Uni.createFrom().voidItem();
        }
    }

    /** The job as submitted, or null when this account submitted no such job within the last hour. */
    public Uni<JsonNode> find(String accountId, String jobId) {
        return redis.execute(Command.GET, key(accountId, jobId)).map(value -> {
            if (value == null) {
                return null;
            }
            try {
                return json.readTree(value.toString());
            } catch (JsonProcessingException e) {
                return null;
            }
        });
    }

    /**
     * Runs {@code attempt}, a call to routing about {@code jobId}, again while it fails with "not found" and the
     * job is one this account submitted: routing takes it from Kafka within moments, so a cancel sent right
     * after the 202 waits for that (at most {@link #PICKUP_WAIT}, then 503) instead of failing.
     */
    public <T> Uni<T> oncePickedUp(String accountId, String jobId, Supplier<Uni<T>> attempt) {
        return oncePickedUp(accountId, jobId, attempt, Instant.now().plus(PICKUP_WAIT));
    }

    private <T> Uni<T> oncePickedUp(String accountId, String jobId, Supplier<Uni<T>> attempt, Instant deadline) {
        return Uni.createFrom().<T>deferred(attempt::get)
                .onFailure(f -> f instanceof ApiException e && e.code() == ErrorCode.NOT_FOUND)
                .recoverWithUni(notFound -> find(accountId, jobId).flatMap(job -> {
                    if (job == null) {
                        return Uni.createFrom().failure(notFound);
                    }
                    if (Instant.now().isAfter(deadline)) {
                        return Uni.createFrom().failure(
                                ApiException.unavailable("job " + jobId + " is about to start; try again in a moment"));
                    }
                    return Uni.createFrom().voidItem().onItem().delayIt().by(PICKUP_POLL)
                            .flatMap(ignored -> oncePickedUp(accountId, jobId, attempt, deadline));
                }));
    }
}
