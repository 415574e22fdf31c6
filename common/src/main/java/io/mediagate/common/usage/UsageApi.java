package io.mediagate.common.usage;

import io.mediagate.common.calls.CallAs;
import java.util.concurrent.CompletableFuture;

/**
 * usage-service's internal API, as its resource serves it and {@link UsageApiClient} calls it: the ledger's
 * figures for the user the call is made as.
 */
public interface UsageApi {
    String ROOT = "/internal/v1/usage";

    /** The user's figures; with {@code days} (1 to 90, as the caller wrote it) also the last so many days one by one. */
    CompletableFuture<UsageReport> report(CallAs user, String days);
}
