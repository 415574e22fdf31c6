package io.mediagate.gateway.streams;

import io.smallrye.mutiny.Multi;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * A {@code text/event-stream} answer: its frames, each already in the wire's form ({@code event:} and {@code data:} lines
 * ending in a blank line, or a {@code :} comment), written as the client takes them by {@link EventStreamWriter}. While
 * nothing else is sent a keep-alive comment goes out every {@code keepAlive}, so proxies do not close a quiet stream.
 */
public record EventStream(Multi<String> frames) {
    /** The comment that opens every stream: the headers and a first byte go out at once. */
    static final String OPENING = ": stream open\n\n";
    static final String KEEP_ALIVE = ": keep-alive\n\n";
    /** Frames taken ahead from each source while the client has not asked for more: what a stream may hold unsent. */
    private static final int AHEAD = 16;

    /** Marks the end of the frames among the keep-alives (compared by identity). */
    @SuppressWarnings("StringOperationCanBeSimplified")
    private static final String END = new String("end");

    /** {@code frames}, opened at once and kept alive every {@code keepAlive} until they end. */
    public static EventStream of(Multi<String> frames, Duration keepAlive) {
        return of(frames, keepAlive, new CompletableFuture<>());
    }

    /**
     * As {@link #of(Multi, Duration)}, cut short when {@code cut} completes: its frame (when not null) is sent last and the
     * stream ends, whatever {@code frames} still had to say (a stream whose key was revoked).
     */
    public static EventStream of(Multi<String> frames, Duration keepAlive, CompletionStage<String> cut) {
        Multi<String> body = frames.onCompletion().continueWith(END);
        // Not Multi.createFrom().completionStage: a stream that ends would cancel the cut with it.
        Multi<String> cutting = Multi.createFrom().<String>emitter(e -> cut.whenComplete((frame, failure) -> {
            if (frame != null) {
                e.emit(frame);
            }
            e.complete();
        })).onCompletion().continueWith(END);
        // A keep-alive nobody asked for (the client is not reading) is dropped, not queued.
        Multi<String> ticks = Multi.createFrom().ticks().every(keepAlive).onOverflow().drop().map(tick -> KEEP_ALIVE);
        Multi<String> merged = Multi.createBy().merging().withRequests(AHEAD).streams(body, cutting, ticks)
                .select().first(frame -> frame != END);
        return new EventStream(Multi.createBy().concatenating().streams(Multi.createFrom().item(OPENING), merged));
    }

    /** One event: its {@code type} and its JSON {@code data} on one line. */
    public static String event(String type, String json) {
        return "event: " + type + "\ndata: " + json + "\n\n";
    }

    /** The answer carrying this stream, uncached and unbuffered by proxies. */
    public Response response() {
        return Response.ok(this).type("text/event-stream").header("Cache-Control", "no-cache").header("X-Accel-Buffering", "no").build();
    }

    static byte[] bytes(String frame) {
        return frame.getBytes(StandardCharsets.UTF_8);
    }
}
