package io.mediagate.media.quota;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.tier.Tier;
import io.mediagate.media.records.BatchFileRecord;
import io.mediagate.media.records.MediaRecord;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The tier's storage quota: what an owner's media take (an upload declared within the pending window counting at
 * its declared size) plus their live Files API files. Called inside the transaction that keeps what is added.
 */
@ApplicationScoped
public class StorageQuota {
    private static final int RETRY_SECONDS = 3600;
    private final Clock clock;
    private final Duration pendingWindow;
    /** {@code mediagate_limit_refusals_total{limit="storage"}}, the gateway counting the other limits under the same name. */
    private final Counter refusals;

    StorageQuota(Clock clock, MeterRegistry registry, @ConfigProperty(name = "mediagate.uploads.pending-window") Duration pendingWindow) {
        this.clock = clock;
        this.pendingWindow = pendingWindow;
        this.refusals = Counter.builder("mediagate.limit.refusals").description("Requests refused with 429, by limit")
                .tag("limit", "storage").register(registry);
    }

    /** Refuses (429, {@code limit: storage}) adding {@code more} bytes for {@code owner} past the tier's quota. */
    public void check(String owner, long more, Tier.Limits limits) {
        Instant now = clock.instant();
        long used = MediaRecord.usedBytes(owner, now.minus(pendingWindow)) + BatchFileRecord.usedBytes(owner, now);
        if (used + more > limits.storageBytes()) {
            refusals.increment();
            throw new ApiException(ErrorCode.RATE_LIMIT_EXCEEDED, "storage quota reached: " + used + " of "
                    + limits.storageBytes() + " bytes used; delete media or files, or wait for older ones to expire", null,
                    Map.of("retry_after", RETRY_SECONDS, "limit", "storage"));
        }
    }
}
