package io.mediagate.common.usage;

import io.mediagate.common.calls.Call;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.calls.PathTemplate;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** {@link UsageApi} over HTTP: one query of the ledger, so {@link #TIMEOUT} is short. */
public final class UsageApiClient implements UsageApi {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final InternalHttp http;
    private final String base;

    public UsageApiClient(InternalHttp http, String base) {
        this.http = http;
        this.base = base;
    }

    @Override
    public CompletableFuture<UsageReport> report(CallAs user, String days) {
        URI uri = URI.create(PathTemplate.at(base, ROOT).toString() + (days == null ? "" : "?days=" + PathTemplate.segment(days)));
        return http.json(Call.get(uri, user, TIMEOUT), UsageReport.class);
    }
}
