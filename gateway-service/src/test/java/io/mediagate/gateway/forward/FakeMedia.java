package io.mediagate.gateway.forward;

import com.sun.net.httpserver.HttpExchange;
import io.mediagate.gateway.FakeOwner;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * media-service's public files as the gateway relays them, for one file: {@value #NAME}, {@value #SIZE} bytes of
 * {@link #byteAt}, whose first {@value #HEAD} bytes are sent at once and the rest only once a test calls {@link #release}
 * (so a relay that holds the whole answer before passing it on delivers nothing until then); a {@code Range} of it is
 * answered 206. Everything else is a bare 503, as when media-service is down (what the other gateway tests expect).
 */
public class FakeMedia extends FakeOwner {
    public static final String NAME = "med_slowfile0001.mp4";
    public static final int SIZE = 8 * 1024 * 1024;
    public static final int HEAD = 64 * 1024;
    private static volatile CountDownLatch rest = new CountDownLatch(1);

    /** The byte at {@code index} of the file. */
    public static byte byteAt(int index) {
        return (byte) (index * 31 + index / 4096);
    }

    /** Sends the rest of the file being sent now; the next download is held again. */
    public static void release() {
        CountDownLatch now = rest;
        rest = new CountDownLatch(1);
        now.countDown();
    }

    public FakeMedia() {
        super("mediagate.media.url");
    }

    @Override
    protected void handle(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!exchange.getRequestURI().getPath().equals("/files/" + NAME) || !"GET".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(503, -1);
                return;
            }
            exchange.getResponseHeaders().set("Content-Type", "video/mp4");
            exchange.getResponseHeaders().set("Accept-Ranges", "bytes");
            String range = exchange.getRequestHeaders().getFirst("Range");
            if (range != null && range.matches("bytes=\\d+-\\d+")) {
                String[] ends = range.substring(6).split("-");
                int from = Integer.parseInt(ends[0]);
                int to = Math.min(SIZE - 1, Integer.parseInt(ends[1]));
                exchange.getResponseHeaders().set("Content-Range", "bytes " + from + "-" + to + "/" + SIZE);
                exchange.sendResponseHeaders(206, to - from + 1);
                write(exchange.getResponseBody(), from, to + 1);
                return;
            }
            exchange.sendResponseHeaders(200, SIZE);
            OutputStream out = exchange.getResponseBody();
            write(out, 0, HEAD);
            out.flush();
            CountDownLatch held = rest;
            try {
                held.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            write(out, HEAD, SIZE);
        }
    }

    private static void write(OutputStream out, int from, int to) throws IOException {
        byte[] chunk = new byte[8192];
        for (int at = from; at < to; at += chunk.length) {
            int length = Math.min(chunk.length, to - at);
            for (int i = 0; i < length; i++) {
                chunk[i] = byteAt(at + i);
            }
            out.write(chunk, 0, length);
        }
    }
}
