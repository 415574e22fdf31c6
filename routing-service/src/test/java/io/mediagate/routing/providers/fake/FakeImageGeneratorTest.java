package io.mediagate.routing.providers.fake;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.routing.imaging.ImageEncoder;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.local.LocalImageGenerator;
import io.mediagate.testing.TestImages;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class FakeImageGeneratorTest {
    private final FakeImageGenerator fake = new FakeImageGenerator(new LocalImageGenerator(new ImageEncoder(Ffmpeg::locate)));
    private final ProviderSpec provider = new ProviderSpec("fake-a", "Fake A", "fake", List.of("image"), true, null, null, Instant.EPOCH);

    private ImageTask task(String behaviour, Map<String, String> options) {
        return new ImageTask(behaviour, options, "1", "a prompt", 40, 30, 1, Map.of(), TaskControl.NONE);
    }

    @Test
    void okRendersARealImage() {
        byte[] png = fake.generate(provider, task("ok", Map.of())).getFirst().bytes();
        assertEquals(40, TestImages.decode(png).getWidth());
    }

    @Test
    void eachFailureBehaviourFailsAsItsRealCounterpartWould() {
        ProviderException limited = assertThrows(ProviderException.class, () -> fake.generate(provider, task("429", Map.of("retryAfter", "2"))));
        assertTrue(limited.retryable());
        assertEquals(Duration.ofSeconds(2), limited.retryAfter().orElseThrow());
        ProviderException server = assertThrows(ProviderException.class, () -> fake.generate(provider, task("500", Map.of())));
        assertTrue(server.retryable());
        ProviderException moderated = assertThrows(ProviderException.class, () -> fake.generate(provider, task("moderated", Map.of())));
        assertFalse(moderated.retryable());
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, moderated.code());
        ProviderException refused = assertThrows(ProviderException.class, () -> fake.generate(provider, task("401", Map.of())));
        assertEquals(io.mediagate.common.events.FailureClass.CREDENTIALS, refused.failure());
        ProviderException broke = assertThrows(ProviderException.class, () -> fake.generate(provider, task("quota", Map.of())));
        assertEquals(io.mediagate.common.events.FailureClass.QUOTA, broke.failure());
    }

    @Test
    void flakyFailsAtItsConfiguredRate() {
        assertThrows(ProviderException.class, () -> fake.generate(provider, task("flaky", Map.of("failureRate", "1.0"))));
        assertEquals(1, fake.generate(provider, task("flaky", Map.of("failureRate", "0.0"))).size());
    }

    @Test
    void slowTakesItsDelayAndTimeoutNeverAnswers() throws Exception {
        long start = System.nanoTime();
        fake.generate(provider, task("slow", Map.of("delayMs", "300")));
        assertTrue((System.nanoTime() - start) / 1_000_000 >= 300);
        CompletableFuture<?> hanging = CompletableFuture.runAsync(() -> fake.generate(provider, task("timeout", Map.of())));
        assertThrows(TimeoutException.class, () -> hanging.get(500, TimeUnit.MILLISECONDS));
        hanging.cancel(true);
    }
}
