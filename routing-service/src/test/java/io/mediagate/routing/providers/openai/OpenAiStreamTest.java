package io.mediagate.routing.providers.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.StreamedControl;
import io.mediagate.testing.TestImages;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * OpenAI's event stream read as a hostile provider could write it: thousands of partial images, a line of 100 MB, more
 * images than asked for, partials past those asked for. Each is bounded, and what cannot be an answer fails the call as
 * the provider's fault, not as memory.
 */
class OpenAiStreamTest {
    private static final String PNG = Base64.getEncoder().encodeToString(TestImages.png(8, 8));

    private static String event(String type, String json) {
        return "event: " + type + "\ndata: " + json + "\n\n";
    }

    private static String partial(int index) {
        return event("image_generation.partial_image", "{\"type\":\"image_generation.partial_image\",\"b64_json\":\"" + PNG
                + "\",\"partial_image_index\":" + index + ",\"output_format\":\"png\"}");
    }

    private static String completed() {
        return event("image_generation.completed", "{\"type\":\"image_generation.completed\",\"b64_json\":\"" + PNG
                + "\",\"output_format\":\"png\",\"quality\":\"low\"}");
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void partialsAreHandedOnUpToWhatWasAskedForAndNoMore() {
        StreamedControl control = new StreamedControl(2);
        List<GeneratedImage> images = OpenAiStream.read(stream(partial(0) + partial(1) + partial(2) + partial(0) + completed()), "acme", 1, control);
        assertEquals(List.of(0, 1), control.indexes(), "two asked for, two handed on");
        assertEquals(1, images.size());
    }

    @Test
    void aStreamOfThousandsOfPartialsFailsAsTheProvidersFault() {
        StreamedControl control = new StreamedControl(3);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 5_000; i++) {
            text.append(partial(i % 3));
        }
        ProviderException e = assertThrows(ProviderException.class, () -> OpenAiStream.read(stream(text + completed()), "acme", 1, control));
        assertEquals(FailureClass.TRANSIENT, e.failure());
        assertTrue(e.getMessage().contains("more than 16 partial images"), e.getMessage());
        assertEquals(3, control.indexes().size(), "no more than asked were handed on");
    }

    @Test
    void moreImagesThanAskedForFailTheCall() {
        ProviderException e = assertThrows(ProviderException.class, () -> OpenAiStream.read(stream(completed() + completed() + completed()),
                "acme", 2, new StreamedControl(0)));
        assertTrue(e.getMessage().contains("more than the 2 images asked for"), e.getMessage());
    }

    @Test
    void thousandsOfOtherEventsFailTheCall() {
        String other = event("keepalive", "{\"type\":\"whatever\"}");
        ProviderException e = assertThrows(ProviderException.class, () -> OpenAiStream.read(stream(other.repeat(2_000) + completed()),
                "acme", 1, new StreamedControl(0)));
        assertTrue(e.getMessage().contains("more than 1000 events"), e.getMessage());
    }

    /** A 100 MB line, made as it is read (never held by the test): the reader stops at its bound, well before the end. */
    @Test
    void aHundredMegabyteLineFailsCleanlyWithoutBeingReadWhole() {
        long size = 100L * 1024 * 1024;
        AtomicLong served = new AtomicLong();
        InputStream endless = new InputStream() {
            @Override
            public int read() {
                return served.getAndIncrement() < size ? 'A' : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                long left = size - served.get();
                if (left <= 0) {
                    return -1;
                }
                int n = (int) Math.min(len, left);
                java.util.Arrays.fill(b, off, off + n, (byte) 'A');
                served.addAndGet(n);
                return n;
            }
        };
        InputStream body = new SequenceInputStream(Collections.enumeration(new ArrayList<>(List.of(
                stream("event: image_generation.completed\ndata: {\"type\":\"image_generation.completed\",\"b64_json\":\""), endless))));
        ProviderException e = assertThrows(ProviderException.class, () -> OpenAiStream.read(body, "acme", 1, new StreamedControl(0)));
        assertEquals(FailureClass.TRANSIENT, e.failure());
        assertTrue(e.getMessage().contains("a line longer than"), e.getMessage());
        assertTrue(served.get() < 60L * 1024 * 1024, "read " + served.get() + " bytes of the 100 MB line");
    }

    @Test
    void anImageThatIsNotBase64FailsTheCall() {
        String bad = event("image_generation.completed", "{\"type\":\"image_generation.completed\",\"b64_json\":\"not*base64!\"}");
        ProviderException e = assertThrows(ProviderException.class, () -> OpenAiStream.read(stream(bad), "acme", 1, new StreamedControl(0)));
        assertTrue(e.getMessage().contains("not base64"), e.getMessage());
    }
}
