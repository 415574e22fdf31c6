package io.mediagate.gateway.streams;

import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.subscription.Cancellable;
import io.smallrye.mutiny.subscription.MultiSubscriber;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.core.net.impl.ConnectionBase;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveResourceInfo;
import org.jboss.resteasy.reactive.server.spi.ServerHttpRequest;
import org.jboss.resteasy.reactive.server.spi.ServerHttpResponse;
import org.jboss.resteasy.reactive.server.spi.ServerMessageBodyWriter;
import org.jboss.resteasy.reactive.server.spi.ServerRequestContext;

/**
 * Writes an {@link EventStream} as the client takes it, chunked, without holding a thread: the answer's status and headers
 * (rate limits, request id) are set by then. The next frame is asked for only while less than {@link #AHEAD_BYTES} written
 * are still on their way to the client, so a reader that does not keep up holds a bounded buffer here, and one that has
 * taken nothing of what waits for it for {@code mediagate.streams.stall-timeout} is dropped (its connection closed): before,
 * every frame was queued for it however far behind it was. A client that goes away, or is dropped, cancels the frames
 * (the job behind them goes on).
 */
@Provider
@Produces("text/event-stream")
public class EventStreamWriter implements ServerMessageBodyWriter<EventStream> {
    private static final Logger LOG = Logger.getLogger(EventStreamWriter.class);
    /** Bytes written and not yet taken by the client past which no further frame is asked for. */
    static final long AHEAD_BYTES = 64 * 1024;
    /** Largest single write: the client's progress is seen at least this often. */
    private static final int SLICE = 64 * 1024;

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, ResteasyReactiveResourceInfo target, MediaType mediaType) {
        return EventStream.class.isAssignableFrom(type);
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return EventStream.class.isAssignableFrom(type);
    }

    @Override
    public void writeResponse(EventStream stream, Type genericType, ServerRequestContext context) {
        ServerHttpResponse response = context.serverResponse();
        response.setChunked(true);
        Duration stall = ConfigProvider.getConfig().getOptionalValue("mediagate.streams.stall-timeout", Duration.class)
                .orElse(Duration.ofSeconds(30));
        Writing writing = new Writing(response, dropping(response), stall);
        response.addCloseHandler(writing::cancel);
        stream.frames().subscribe().withSubscriber(writing);
    }

    /**
     * How to let go of a client at once. Over HTTP/1.1 Vert.x closes a connection only after what is queued for it has
     * been written, which a client that does not read never lets happen; so the connection's channel is closed outright.
     * Over HTTP/2 a reset of the stream is immediate and leaves the client's other streams alone.
     */
    private static Runnable dropping(ServerHttpResponse response) {
        HttpServerRequest request = response instanceof ServerHttpRequest vertx ? vertx.unwrap(HttpServerRequest.class) : null;
        return () -> {
            if (request != null && request.version() != HttpVersion.HTTP_2 && request.connection() instanceof ConnectionBase connection) {
                connection.channel().close();
            } else {
                response.reset();
            }
        };
    }

    /**
     * One stream being written: asks its frames for one more only while little is on its way to the client, and watches
     * that the client takes what waits for it.
     */
    static final class Writing implements MultiSubscriber<String> {
        private final ServerHttpResponse response;
        private final Runnable drop;
        private final long stallNanos;
        private final AtomicReference<Flow.Subscription> frames = new AtomicReference<>();
        private final AtomicLong pending = new AtomicLong();
        /** When the client last took something, or when something began to wait for it. */
        private final AtomicLong progress = new AtomicLong(System.nanoTime());
        /** A frame is owed to the subscription: asked for once the client has taken enough. */
        private final AtomicBoolean owed = new AtomicBoolean();
        private final AtomicBoolean done = new AtomicBoolean();
        private volatile Cancellable watch;

        Writing(ServerHttpResponse response, Runnable drop, Duration stall) {
            this.response = response;
            this.drop = drop;
            this.stallNanos = stall.toNanos();
        }

        @Override
        public void onSubscribe(Flow.Subscription subscription) {
            frames.set(subscription);
            if (done.get()) {
                subscription.cancel();
                return;
            }
            long every = Math.max(250, stallNanos / 4_000_000);
            watch = Multi.createFrom().ticks().every(Duration.ofMillis(every)).onOverflow().drop()
                    .subscribe().with(tick -> check(), failure -> { });
            subscription.request(1);
        }

        @Override
        public void onItem(String frame) {
            if (done.get() || response.closed()) {
                cancel();
                return;
            }
            byte[] bytes = EventStream.bytes(frame);
            if (pending.getAndAdd(bytes.length) == 0) {
                progress.set(System.nanoTime());
            }
            // Written in slices, so that a large frame (an image's) shows the client's progress as it takes each one.
            for (int from = 0; from < bytes.length; from += SLICE) {
                byte[] slice = bytes.length <= SLICE ? bytes : Arrays.copyOfRange(bytes, from, Math.min(bytes.length, from + SLICE));
                response.write(slice, failure -> {
                    pending.addAndGet(-slice.length);
                    progress.set(System.nanoTime());
                    if (failure != null) {
                        cancel();
                    } else {
                        askIfRoom();
                    }
                });
            }
            owed.set(true);
            askIfRoom();
        }

        private void askIfRoom() {
            if (pending.get() < AHEAD_BYTES && owed.compareAndSet(true, false)) {
                Flow.Subscription s = frames.get();
                if (s != null && !done.get()) {
                    s.request(1);
                }
            }
        }

        /** Drops a client that took nothing of what waits for it within the stall timeout. */
        private void check() {
            if (pending.get() > 0 && System.nanoTime() - progress.get() > stallNanos && !done.get()) {
                LOG.debugf("event stream dropped: its client took nothing of %d bytes for %d ms", pending.get(), stallNanos / 1_000_000);
                cancel();
                drop.run(); // what is queued for it is let go
            }
        }

        @Override
        public void onFailure(Throwable failure) {
            LOG.debugf("event stream ended by %s", failure.toString());
            end();
        }

        @Override
        public void onCompletion() {
            end();
        }

        private void end() {
            stopWatching();
            if (done.compareAndSet(false, true) && !response.closed()) {
                response.end();
            }
        }

        /** The client went away or is dropped: the frames stop. */
        void cancel() {
            stopWatching();
            if (done.compareAndSet(false, true)) {
                Flow.Subscription s = frames.get();
                if (s != null) {
                    s.cancel();
                }
            }
        }

        private void stopWatching() {
            Cancellable w = watch;
            if (w != null) {
                w.cancel();
            }
        }
    }

    @Override
    public void writeTo(EventStream stream, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                        MultivaluedMap<String, Object> headers, OutputStream out) {
        throw new UnsupportedOperationException("an event stream is written as it comes, by writeResponse");
    }
}
