package io.mediagate.common.media;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.Call;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.calls.PathTemplate;
import io.mediagate.common.calls.WithFile;
import io.mediagate.common.events.MediaItem;
import java.io.FileNotFoundException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/**
 * {@link MediaApi} over HTTP, made as the service {@code self}, through its REST Client ({@link MediaRestClient});
 * a file streamed from disk and a download to disk go through {@link InternalHttp}, which streams them where the
 * REST Client would hold them whole. A registration may carry a video's worth of bytes or copy a video's
 * renditions between buckets, and a file read may be a video: each may take up to {@link #FILES}.
 */
public final class MediaApiClient implements MediaApi {
    static final Duration FILES = Duration.ofMinutes(2);
    /** A record read (whether an item is there): a lookup, not a file. */
    static final Duration RECORD = Duration.ofSeconds(10);
    private final InternalClients clients;
    private final InternalHttp http;
    private final MediaRestClient rest;
    private final String base;
    private final CallAs self;

    public MediaApiClient(InternalClients clients, InternalHttp http, String base, CallAs self) {
        this.clients = clients;
        this.http = http;
        this.rest = clients.build(MediaRestClient.class, base, FILES);
        this.base = base;
        this.self = self;
    }

    @Override
    public CompletableFuture<MediaItem> register(RegisterMedia command) {
        return clients.call(self, FILES, bearer -> rest.register(bearer, command));
    }

    @Override
    public CompletableFuture<MediaItem> register(RegisterMedia command, byte[] file) {
        return clients.call(self, FILES, bearer -> rest.register(bearer, new WithFile(command, file)));
    }

    @Override
    public CompletableFuture<MediaItem> register(RegisterMedia command, Path file) {
        HttpRequest.BodyPublisher body;
        try {
            body = HttpRequest.BodyPublishers.ofFile(file);
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException(e);
        }
        URI register = PathTemplate.at(base, ROOT + "/" + REGISTER);
        return http.json(Call.post(register, self, FILES, http.withFile(command, body), RegisterMedia.WITH_FILE), MediaItem.class);
    }

    @Override
    public CompletableFuture<Void> keepOutputFile(String id, String owner, String filename, int lines, Long expiresAfter, Path file) {
        HttpRequest.BodyPublisher body;
        try {
            body = HttpRequest.BodyPublishers.ofFile(file);
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException(e);
        }
        URI target = URI.create(base + FilesApi.OUTPUT + "?id=" + id + "&owner=" + URLEncoder.encode(owner, StandardCharsets.UTF_8)
                + "&filename=" + URLEncoder.encode(filename, StandardCharsets.UTF_8) + "&lines=" + lines
                + (expiresAfter == null ? "" : "&expires_after=" + expiresAfter));
        return http.json(Call.post(target, self, FILES, body, "application/octet-stream"), Object.class).thenApply(answer -> null);
    }

    @Override
    public CompletableFuture<byte[]> content(String id, CallAs user) {
        return clients.call(user, FILES, bearer -> rest.content(bearer, id));
    }

    @Override
    public CompletableFuture<Path> download(String id, CallAs user, Path target) {
        return http.file(Call.get(PathTemplate.at(base, ROOT + "/" + CONTENT, id), user, FILES), target);
    }

    @Override
    public CompletableFuture<Boolean> exists(String id, CallAs user) {
        return clients.call(user, RECORD, bearer -> rest.item(bearer, id)).thenApply(answer -> true)
                .exceptionallyCompose(failure -> {
                    Throwable cause = InternalHttp.cause(failure);
                    return cause instanceof ApiException api && api.code() == ErrorCode.NOT_FOUND
                            ? CompletableFuture.completedFuture(false) : CompletableFuture.failedFuture(cause);
                });
    }

    @Override
    public CompletableFuture<MediaItem> reuse(String id, ReuseMedia command) {
        return clients.call(self, RECORD, bearer -> rest.reuse(bearer, id, command));
    }

    @Override
    public CompletableFuture<Void> discard(String id) {
        return clients.call(self, FILES, bearer -> rest.discard(bearer, id)).thenApply(answer -> null);
    }

    @Override
    public CompletableFuture<Void> delete(String id, CallAs user) {
        return clients.call(user, FILES, bearer -> rest.delete(bearer, id)).thenApply(answer -> null);
    }
}
