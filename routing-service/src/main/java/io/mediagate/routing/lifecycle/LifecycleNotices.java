package io.mediagate.routing.lifecycle;

import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ModelLifecycle;
import io.mediagate.routing.catalog.CatalogClient;
import io.mediagate.routing.jobs.JobRecord;
import io.mediagate.routing.webhooks.Webhooks;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.scheduler.Scheduled;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jboss.logging.Logger;

/**
 * Tells the accounts that used a model in the last 30 days that it is going ({@code model.deprecated}) or gone
 * ({@code model.retired}), by webhook: at the {@code webhook_url} of the account's latest job with that model that had one
 * (where the account said it listens for what becomes of that model's work; an account that never gave one for it is not
 * reached this way, and sees the answers' headers and {@code /v1/models} instead). Each notice is sent once per account,
 * model and kind: its message id is made of the three, and it is queued in the webhook outbox (a row written in a
 * transaction), which delivers, signs with the account's secret and retries it as any webhook. Runs every
 * {@code mediagate.lifecycle.notices-every} on each replica; replicas queueing the same notice at once keep one (the
 * message id is the table's key).
 */
@ApplicationScoped
public class LifecycleNotices {
    private static final Logger LOG = Logger.getLogger(LifecycleNotices.class);
    /** How recently an account must have used a model to be told. */
    static final Duration RECENT = Duration.ofDays(30);
    private final CatalogClient catalog;
    private final Webhooks webhooks;
    private final Clock clock;

    LifecycleNotices(CatalogClient catalog, Webhooks webhooks, Clock clock) {
        this.catalog = catalog;
        this.webhooks = webhooks;
        this.clock = clock;
    }

    @Scheduled(every = "${mediagate.lifecycle.notices-every:15m}", delayed = "${mediagate.lifecycle.notices-delay:1m}",
            concurrentExecution = Scheduled.ConcurrentExecution.SKIP, skipExecutionIf = Scheduled.ApplicationNotRunning.class)
    void scheduled() {
        try {
            int queued = send(catalog.lifecycles());
            if (queued > 0) {
                LOG.infof("lifecycle notices: %d queued", queued);
            }
        } catch (RuntimeException e) {
            LOG.warnf("lifecycle notices not sent this time (the next run tries again): %s", e.toString());
        }
    }

    /** A recent user of a model: the account, and its latest job with the model that named a webhook. */
    record User(String userId, String jobId, String webhookUrl, Instant usedAt) {}

    /** Queues the notices {@code lifecycles} call for now, each once; answers how many were new. */
    public int send(List<ModelLifecycle> lifecycles) {
        Instant now = clock.instant();
        int queued = 0;
        for (ModelLifecycle model : lifecycles) {
            String status = model.lifecycle().status(now);
            if (status.equals("active")) {
                continue;
            }
            String kind = "model." + status;
            for (User user : QuarkusTransaction.requiringNew().call(() -> users(model.model(), now.minus(RECENT)))) {
                String id = id(kind, model.model(), user.userId());
                try {
                    queued += QuarkusTransaction.requiringNew().call(() -> webhooks.enqueue(id, user.jobId(), user.userId(),
                            user.webhookUrl(), kind, data(model, status, user))) ? 1 : 0;
                } catch (RuntimeException e) {
                    // another replica queued the same notice at the same moment: its row stands, once
                    LOG.debugf("lifecycle notice %s not queued here: %s", id, e.toString());
                }
            }
        }
        return queued;
    }

    /** Every account with a job naming {@code model} since {@code since} that gave a webhook, with its latest such job. */
    private static List<User> users(String model, Instant since) {
        List<jakarta.persistence.Tuple> latest = JobRecord.getEntityManager().createQuery("select j.userId as account, max(j.createdAt) as latest "
                + "from JobRecord j where j.model = ?1 and j.createdAt >= ?2 and j.webhookUrl is not null group by j.userId",
                        jakarta.persistence.Tuple.class)
                .setParameter(1, model).setParameter(2, since).getResultList();
        List<User> users = new java.util.ArrayList<>();
        for (jakarta.persistence.Tuple row : latest) {
            JobRecord job = JobRecord.<JobRecord>find("userId = ?1 and model = ?2 and webhookUrl is not null and createdAt = ?3",
                    row.get("account", String.class), model, row.get("latest", Instant.class)).firstResult();
            if (job != null) {
                users.add(new User(job.userId, job.id, job.webhookUrl, job.createdAt));
            }
        }
        return users;
    }

    private static Map<String, Object> data(ModelLifecycle model, String status, User user) {
        Lifecycle l = model.lifecycle();
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("model", model.model());
        data.put("displayName", model.displayName());
        data.put("status", status);
        data.put("deprecated", l.deprecated() == null ? null : l.deprecated().toString());
        data.put("shutdown", l.shutdown() == null ? null : l.shutdown().toString());
        data.put("replacement", l.replacement());
        data.put("source", l.source());
        data.put("lastUsedAt", user.usedAt().toString());
        return data;
    }

    /** The message id of one notice: the same for the same kind, model and account, whichever replica makes it. */
    static String id(String kind, String model, String userId) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest((kind + "\n" + model + "\n" + userId).getBytes(StandardCharsets.UTF_8));
            return "ntc_" + HexFormat.of().formatHex(digest, 0, 24);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
