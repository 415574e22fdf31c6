package io.mediagate.common.jobs;

import com.fasterxml.jackson.databind.JavaType;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.calls.Call;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.calls.PathTemplate;
import java.net.URI;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.CompletableFuture;

/** {@link JobsApi} over HTTP: reads from routing's store, so {@link #TIMEOUT} is short. */
public final class JobsApiClient implements JobsApi {
    static final Duration TIMEOUT = Duration.ofSeconds(10);
    private final InternalHttp http;
    private final String base;
    private final JavaType one;
    private final JavaType page;
    private final JavaType events;

    public JobsApiClient(InternalHttp http, String base) {
        this.http = http;
        this.base = base;
        this.one = http.type(Envelope.class, JobAnswer.class);
        this.page = http.type(Envelope.class, JobList.class);
        this.events = http.type(Envelope.class, JobEventList.class);
    }

    @Override
    public CompletableFuture<JobView> read(String id, CallAs user) {
        return http.<Envelope<JobAnswer>>json(Call.get(job(id), user, TIMEOUT), one).thenApply(answer -> answer.result().job());
    }

    @Override
    public CompletableFuture<JobView> cancel(String id, CallAs user) {
        return http.<Envelope<JobAnswer>>json(Call.delete(job(id), user, TIMEOUT), one).thenApply(answer -> answer.result().job());
    }

    /** A long poll: the call's timeout is the wait plus the usual one. */
    @Override
    public CompletableFuture<JobEventList> events(String id, CallAs user, long after, Duration wait) {
        URI uri = URI.create(PathTemplate.at(base, ROOT + "/" + EVENTS, id) + "?after=" + after + "&wait=" + wait.toMillis());
        return http.<Envelope<JobEventList>>json(Call.get(uri, user, TIMEOUT.plus(wait)), events).thenApply(Envelope::result);
    }

    @Override
    public CompletableFuture<JobList> list(CallAs user, String kind, String after, String limit, String order) {
        StringJoiner query = new StringJoiner("&", "?", "").setEmptyValue("");
        Map<String, String> values = new LinkedHashMap<>();
        values.put("kind", kind);
        values.put("after", after);
        values.put("limit", limit);
        values.put("order", order);
        values.forEach((name, value) -> {
            if (value != null) {
                query.add(name + "=" + PathTemplate.segment(value));
            }
        });
        URI uri = URI.create(PathTemplate.at(base, ROOT).toString() + query);
        return http.<Envelope<JobList>>json(Call.get(uri, user, TIMEOUT), page).thenApply(Envelope::result);
    }

    private URI job(String id) {
        return PathTemplate.at(base, ROOT + "/" + JOB, id);
    }
}
