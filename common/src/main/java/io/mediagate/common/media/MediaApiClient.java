package io.mediagate.common.media;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.Call;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.calls.PathTemplate;
import io.mediagate.common.events.MediaItem;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * {@link MediaApi} over HTTP, made as the service {@code self}. A registration may carry a video's worth of
 * bytes or copy a video's renditions between buckets, and a file read may be a video: each may take up to
 * {@link #FILES}.
 */
public final class MediaApiClient implements MediaApi {
    static final Duration FILES = Duration.ofMinutes(2);
    /** A record read (whether an item is there): a lookup, not a file. */
    static final Duration RECORD = Duration.ofSeconds(10);
    private final InternalHttp http;
    private final String base;
    private final CallAs self;

    public MediaApiClient(InternalHttp http, String base, CallAs self) {
        this.http = http;
        this.base = base;
        this.self = self;
    }

    @Override
    public CompletableFuture<MediaItem> register(RegisterMedia command) {
        return http.json(Call.post(register(), self, FILES, http.jsonBody(command), "application/json"), MediaItem.class);
    }

    @Override
    public CompletableFuture<MediaItem> register(RegisterMedia command, HttpRequest.BodyPublisher file) {
        return http.json(Call.post(register(), self, FILES, http.withFile(command, file), RegisterMedia.WITH_FILE), MediaItem.class);
    }

    @Override
    public CompletableFuture<byte[]> content(String id, CallAs user) {
        return http.bytes(Call.get(content(id), user, FILES));
    }

    @Override
    public CompletableFuture<Path> download(String id, CallAs user, Path target) {
        return http.file(Call.get(content(id), user, FILES), target);
    }

    @Override
    public CompletableFuture<Boolean> exists(String id, CallAs user) {
        return http.bytes(Call.get(PathTemplate.at(base, ITEMS + "/" + ITEM, id), user, RECORD)).thenApply(answer -> true)
                .exceptionallyCompose(failure -> {
                    Throwable cause = InternalHttp.cause(failure);
                    return cause instanceof ApiException api && api.code() == ErrorCode.NOT_FOUND
                            ? CompletableFuture.completedFuture(false) : CompletableFuture.failedFuture(cause);
                });
    }

    @Override
    public CompletableFuture<Void> discard(String id) {
        return http.bytes(Call.delete(PathTemplate.at(base, ROOT + "/" + UNFINISHED, id), self, FILES)).thenApply(answer -> null);
    }

    @Override
    public CompletableFuture<Void> delete(String id, CallAs user) {
        return http.bytes(Call.delete(PathTemplate.at(base, ITEMS + "/" + ITEM, id), user, FILES)).thenApply(answer -> null);
    }

    private URI register() {
        return PathTemplate.at(base, ROOT + "/" + REGISTER);
    }

    private URI content(String id) {
        return PathTemplate.at(base, ROOT + "/" + CONTENT, id);
    }
}
