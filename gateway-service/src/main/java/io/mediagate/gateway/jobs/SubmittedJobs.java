package io.mediagate.gateway.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.jobs.JobView;
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
        try {
            return redis.execute(Command.SET, key(request.userId(), request.jobId()), json.writeValueAsString(JobView.queued(request)),
                    "EX", String.valueOf(TTL.toSeconds())).replaceWithVoid()
                    .onFailure().invoke(f -> LOG.warnf("job %s not remembered as submitted: %s", request.jobId(), f.toString()))
                    .onFailure().recoverWithNull();
        } catch (JsonProcessingException e) {
            LOG.warnf("job %s not remembered as submitted: %s", request.jobId(), e.toString());
            return Uni.createFrom().voidItem();
        }
    }

    /** The job as submitted, or null when this account submitted no such job within the last hour. */
    public Uni<JobView> find(String accountId, String jobId) {
        return redis.execute(Command.GET, key(accountId, jobId)).map(value -> {
            if (value == null) {
                return null;
            }
            try {
                return json.readValue(value.toString(), JobView.class);
            } catch (JsonProcessingException e) {
                return null;
            }
        });
    }
}
