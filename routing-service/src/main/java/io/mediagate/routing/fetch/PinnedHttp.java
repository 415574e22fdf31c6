package io.mediagate.routing.fetch;

import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.file.AsyncFile;
import io.vertx.core.file.OpenOptions;
import io.vertx.core.http.HttpClient;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.RequestOptions;
import io.vertx.core.net.SocketAddress;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;

/**
 * HTTP to a caller-named host without a DNS rebinding window: the host is resolved once, every address
 * it resolves to is checked, and the connection goes to a checked address itself (never to a second
 * lookup's answer), while the request still names the host: in {@code Host}, in TLS SNI, and in the
 * certificate check. Blocking: called from worker threads, never from an event loop.
 */
public final class PinnedHttp {
    /** Name resolution, replaceable in tests. */
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** Why a host may not be reached. */
    public static final class Refused extends Exception {
        Refused(String message) {
            super(message, null, false, false);
        }
    }

    /** An answer: its status and headers; {@code bytes} saved to the file, or -1 when more than allowed were sent. */
    public record Answer(int status, Map<String, String> headers, long bytes) {
        public String header(String name) {
            return headers.get(name.toLowerCase(java.util.Locale.ROOT));
        }
    }

    private static final class Holder {
        static final Vertx STANDALONE = Vertx.vertx();
    }

    private final Vertx vertx;
    private final HttpClient client;
    private final Resolver resolver;

    public PinnedHttp(Vertx vertx, Resolver resolver, int connectTimeoutMillis) {
        this.vertx = vertx;
        this.resolver = resolver;
        this.client = vertx.createHttpClient(new HttpClientOptions().setVerifyHost(true).setForceSni(true)
                .setConnectTimeout(connectTimeoutMillis).setKeepAliveTimeout(10).setMaxPoolSize(16));
    }

    /** Outside CDI (unit tests, conformance fakes): one Vert.x of its own for all such clients. */
    public static PinnedHttp standalone(Resolver resolver, int connectTimeoutMillis) {
        return new PinnedHttp(Holder.STANDALONE, resolver, connectTimeoutMillis);
    }

    /**
     * Resolves {@code host} once. Refused when it does not resolve or when any of its addresses fails
     * {@code allowed}: a host with one private address is not reached through its public ones either.
     */
    public List<InetAddress> resolve(String host, Predicate<InetAddress> allowed) throws Refused {
        InetAddress[] addresses;
        try {
            addresses = resolver.resolve(host);
        } catch (UnknownHostException e) {
            throw new Refused("names a host that does not resolve");
        }
        if (addresses.length == 0 || !List.of(addresses).stream().allMatch(allowed)) {
            throw new Refused("points at an address that is not public");
        }
        return List.of(addresses);
    }

    /**
     * One exchange with {@code uri}'s host at one of {@code addresses} (the next one when a connection
     * cannot be made). With {@code saveTo}, a 200 body is written there up to {@code maxBytes}; any
     * other body is not read. The whole exchange ends by {@code deadlineNanos} ({@link System#nanoTime}).
     */
    public Answer exchange(HttpMethod method, URI uri, List<InetAddress> addresses, Map<String, String> headers, Buffer body,
                           Path saveTo, long maxBytes, long deadlineNanos) throws IOException, TimeoutException {
        ConnectException last = null;
        for (InetAddress address : addresses) {
            try {
                return once(method, uri, address, headers, body, saveTo, maxBytes, deadlineNanos);
            } catch (ConnectException e) {
                last = e;
            }
        }
        throw last == null ? new ConnectException("no address") : last;
    }

    private Answer once(HttpMethod method, URI uri, InetAddress address, Map<String, String> headers, Buffer body,
                        Path saveTo, long maxBytes, long deadlineNanos) throws IOException, TimeoutException {
        boolean tls = "https".equalsIgnoreCase(uri.getScheme());
        int port = uri.getPort() > 0 ? uri.getPort() : tls ? 443 : 80;
        String host = uri.getHost().startsWith("[") ? uri.getHost().substring(1, uri.getHost().length() - 1) : uri.getHost();
        String target = (uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath())
                + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        long left = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime());
        if (left <= 0) {
            throw new TimeoutException();
        }
        RequestOptions options = new RequestOptions().setMethod(method).setHost(host).setPort(port).setSsl(tls)
                .setURI(target).setServer(SocketAddress.inetSocketAddress(new InetSocketAddress(address, port)))
                .setFollowRedirects(false).setIdleTimeout(left);
        headers.forEach(options::addHeader);
        AtomicReference<HttpClientRequest> sent = new AtomicReference<>();
        CompletableFuture<Answer> answer = new CompletableFuture<>();
        client.request(options).onFailure(answer::completeExceptionally).onSuccess(request -> {
            sent.set(request);
            // Registered on the request's own future, whose listeners run on the connection's event loop as the
            // response arrives: receive() pauses it there, before any of the body can be handled. A listener on a
            // derived future may run later, on another context, after a short body and its end have gone by.
            request.response().onFailure(answer::completeExceptionally).onSuccess(response -> receive(response, saveTo, maxBytes, answer));
            (body == null ? request.send() : request.send(body)).onFailure(answer::completeExceptionally);
        });
        try {
            return answer.get(left, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            reset(sent.get());
            throw e;
        } catch (InterruptedException e) {
            reset(sent.get());
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof ConnectException c) {
                throw c;
            }
            if (e.getCause() instanceof TimeoutException t) {
                throw t;
            }
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
    }

    private void receive(HttpClientResponse response, Path saveTo, long maxBytes, CompletableFuture<Answer> answer) {
        Map<String, String> headers = new java.util.HashMap<>();
        response.headers().forEach(h -> headers.putIfAbsent(h.getKey().toLowerCase(java.util.Locale.ROOT), h.getValue()));
        int status = response.statusCode();
        long declared = parseLong(headers.get("content-length"));
        if (saveTo == null || status != 200 || declared > maxBytes) {
            response.exceptionHandler(ignored -> { }); // the body is not wanted: the reset below is no error
            reset(response.request());
            answer.complete(new Answer(status, headers, declared > maxBytes ? -1 : 0));
            return;
        }
        response.pause();
        vertx.fileSystem().open(saveTo.toString(), new OpenOptions().setWrite(true).setCreate(true).setTruncateExisting(true))
                .onFailure(e -> {
                    reset(response.request());
                    answer.completeExceptionally(e);
                })
                .onSuccess(file -> copy(response, file, status, headers, maxBytes, answer));
    }

    private static void copy(HttpClientResponse response, AsyncFile file, int status, Map<String, String> headers, long maxBytes,
                             CompletableFuture<Answer> answer) {
        long[] total = {0};
        response.handler(chunk -> {
            if (answer.isDone()) {
                return;
            }
            total[0] += chunk.length();
            if (total[0] > maxBytes) {
                answer.complete(new Answer(status, headers, -1));
                file.close();
                reset(response.request());
                return;
            }
            file.write(chunk);
            if (file.writeQueueFull()) {
                response.pause();
                file.drainHandler(v -> response.resume());
            }
        });
        response.exceptionHandler(e -> {
            if (answer.completeExceptionally(e)) {
                file.close();
            }
        });
        response.endHandler(v -> {
            if (!answer.isDone()) {
                file.close().onComplete(closed -> {
                    if (closed.failed()) {
                        answer.completeExceptionally(closed.cause());
                    } else {
                        answer.complete(new Answer(status, headers, total[0]));
                    }
                });
            }
        });
        response.resume();
    }

    private static void reset(HttpClientRequest request) {
        if (request != null) {
            request.reset();
        }
    }

    private static long parseLong(String value) {
        try {
            return value == null ? -1 : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
