package io.mediagate.gateway.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.events.GenerationRequest;
import io.quarkus.redis.datasource.ReactiveRedisDataSource;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.redis.client.Command;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
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
}
