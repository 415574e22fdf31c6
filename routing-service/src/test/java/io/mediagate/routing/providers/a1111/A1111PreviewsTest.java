package io.mediagate.routing.providers.a1111;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.StreamedControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.testing.TestImages;
import java.awt.image.BufferedImage;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A streamed job at AUTOMATIC1111: while txt2img runs, the server's live previews ({@code current_image} of
 * {@code /sdapi/v1/progress}) are handed on as partial images, each new one once, up to as many as were asked for.
 */
class A1111PreviewsTest {
    @Test
    void theServersLivePreviewsBecomeThePartialImages() throws Exception {
        AtomicInteger reads = new AtomicInteger();
        String first = Base64.getEncoder().encodeToString(TestImages.png(8, 8));
        String second = Base64.getEncoder().encodeToString(TestImages.png(16, 16));
        try (FakeUpstream fake = new FakeUpstream()) {
            fake.on("GET", "/sdapi/v1/progress", request -> {
                int read = reads.incrementAndGet();
                return Reply.json(200, Map.of("progress", 0.3 * read, "eta_relative", 1.0, "state", Map.of(),
                        "current_image", read == 1 ? first : second, "textinfo", ""));
            });
            fake.on("POST", "/sdapi/v1/txt2img", request -> {
                Thread.sleep(2_600);
                return Reply.json(200, Map.of("images", List.of(Base64.getEncoder().encodeToString(TestImages.png(32, 32))),
                        "parameters", request.json(), "info", "{}"));
            });
            Upstream upstream = new Upstream(new ObjectMapper(), new Poller(new Poller.Settings(Duration.ofMillis(10), Duration.ofMillis(40),
                    Duration.ofSeconds(2)), Clock.systemUTC(), Thread::sleep), new SafeFetch(true, Duration.ofSeconds(10)),
                    Duration.ofSeconds(10), Clock.systemUTC());
            ProviderSpec provider = new ProviderSpec("sd", "SD", "a1111", List.of("image"), true, fake.url(), null, Instant.EPOCH);
            StreamedControl control = new StreamedControl(2);
            var images = new A1111ImageGenerator(upstream).generate(provider, new ImageTask("sdxl", Map.of(), "1", "a lake", 32, 32, 1,
                    Map.of(), control));
            assertEquals(1, images.size());
            assertEquals(List.of(0, 1), control.indexes(), "two previews, each new one once");
            BufferedImage preview = TestImages.decode(control.partials().get(1).bytes());
            assertEquals(16, preview.getWidth(), "the second preview as the server showed it");
            assertTrue(fake.receivedAny("GET", "/sdapi/v1/progress"));
        }
    }

    @Test
    void aJobNotStreamedNeverReadsProgress() throws Exception {
        try (FakeUpstream fake = new FakeUpstream()) {
            fake.on("POST", "/sdapi/v1/txt2img", request -> {
                Thread.sleep(1_000);
                return Reply.json(200, Map.of("images", List.of(Base64.getEncoder().encodeToString(TestImages.png(8, 8)))));
            });
            Upstream upstream = new Upstream(new ObjectMapper(), new Poller(new Poller.Settings(Duration.ofMillis(10), Duration.ofMillis(40),
                    Duration.ofSeconds(2)), Clock.systemUTC(), Thread::sleep), new SafeFetch(true, Duration.ofSeconds(10)),
                    Duration.ofSeconds(10), Clock.systemUTC());
            ProviderSpec provider = new ProviderSpec("sd", "SD", "a1111", List.of("image"), true, fake.url(), null, Instant.EPOCH);
            new A1111ImageGenerator(upstream).generate(provider, new ImageTask("sdxl", Map.of(), "1", "a lake", 8, 8, 1, Map.of(),
                    io.mediagate.routing.providers.TaskControl.NONE));
            assertEquals(false, fake.receivedAny("GET", "/sdapi/v1/progress"));
        }
    }
}
