package io.mediagate.gateway.forward;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A media file is passed on as media-service sends it, never held whole by the gateway: its first bytes reach the reader
 * while the rest is still on its way ({@link FakeMedia} holds it back), so many readers of large videos cannot fill the
 * gateway's memory; a range is answered 206 with its Content-Range.
 */
@QuarkusTest
class FilesStreamingIT {
    /** What is read before the owner sends the rest: half of what it sent (the server keeps its last few kilobytes until more come). */
    private static final int FIRST = FakeMedia.HEAD / 2;
    @TestHTTPResource("/files/" + FakeMedia.NAME)
    URI file;

    @Test
    void theFirstBytesArriveBeforeTheOwnerHasSentTheRest() throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        HttpResponse<InputStream> response = client.sendAsync(HttpRequest.newBuilder(file).build(), HttpResponse.BodyHandlers.ofInputStream())
                .get(15, TimeUnit.SECONDS);
        assertEquals(200, response.statusCode());
        assertEquals(String.valueOf(FakeMedia.SIZE), response.headers().firstValue("Content-Length").orElse(null));
        try (InputStream body = response.body()) {
            byte[] head = CompletableFuture.supplyAsync(() -> {
                try {
                    return body.readNBytes(FIRST);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).get(15, TimeUnit.SECONDS); // the owner still holds the rest: a relay holding the whole answer gives nothing yet
            assertEquals(FIRST, head.length);
            FakeMedia.release();
            byte[] rest = body.readAllBytes();
            assertEquals(FakeMedia.SIZE - FIRST, rest.length);
            for (int i = 0; i < FakeMedia.SIZE; i += 4093) {
                byte got = i < FIRST ? head[i] : rest[i - FIRST];
                assertEquals(FakeMedia.byteAt(i), got, "byte " + i);
            }
        } finally {
            FakeMedia.release();
        }
    }

    @Test
    void aRangeIsPassedOnWithItsStatusAndContentRange() throws Exception {
        HttpResponse<byte[]> part = HttpClient.newHttpClient().send(HttpRequest.newBuilder(file).header("Range", "bytes=100-199").build(),
                HttpResponse.BodyHandlers.ofByteArray());
        assertEquals(206, part.statusCode());
        assertEquals("bytes 100-199/" + FakeMedia.SIZE, part.headers().firstValue("Content-Range").orElse(null));
        assertEquals(100, part.body().length);
        assertEquals(FakeMedia.byteAt(150), part.body()[50]);
    }
}
