package io.mediagate.gateway.streams;

import io.smallrye.mutiny.subscription.Cancellable;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.spi.ResteasyReactiveResourceInfo;
import org.jboss.resteasy.reactive.server.spi.ServerHttpResponse;
import org.jboss.resteasy.reactive.server.spi.ServerMessageBodyWriter;
import org.jboss.resteasy.reactive.server.spi.ServerRequestContext;

/**
 * Writes an {@link EventStream} as its frames come, chunked, without holding a thread: the answer's status and headers
 * (rate limits, request id) are set by then; each frame is written when it arrives and the answer ends with the last.
 * A client that goes away cancels the frames (the job behind them goes on).
 */
@Provider
@Produces("text/event-stream")
public class EventStreamWriter implements ServerMessageBodyWriter<EventStream> {
    private static final Logger LOG = Logger.getLogger(EventStreamWriter.class);

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
        AtomicReference<Cancellable> subscription = new AtomicReference<>();
        response.addCloseHandler(() -> {
            Cancellable running = subscription.get();
            if (running != null) {
                running.cancel();
            }
        });
        subscription.set(stream.frames().subscribe().with(
                frame -> {
                    if (!response.closed()) {
                        response.write(EventStream.bytes(frame), failure -> { });
                    }
                },
                failure -> {
                    LOG.debugf("event stream ended by %s", failure.toString());
                    end(response);
                },
                () -> end(response)));
    }

    private static void end(ServerHttpResponse response) {
        if (!response.closed()) {
            response.end();
        }
    }

    @Override
    public void writeTo(EventStream stream, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                        MultivaluedMap<String, Object> headers, OutputStream out) {
        throw new UnsupportedOperationException("an event stream is written as it comes, by writeResponse");
    }
}
