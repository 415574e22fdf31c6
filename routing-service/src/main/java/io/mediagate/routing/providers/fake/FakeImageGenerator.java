package io.mediagate.routing.providers.fake;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.local.LocalImageGenerator;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The {@code fake} provider family for tests and demos. The offer's {@code upstreamModel} picks the
 * behaviour: {@code ok}, {@code slow} ({@code delayMs}), {@code flaky} ({@code failureRate}), {@code 429}
 * ({@code retryAfter} seconds), {@code 500}, {@code timeout} (never answers), {@code moderated}.
 * Successful calls render real images with the local renderer. Only routed to when a catalog declares it.
 */
@ApplicationScoped
public class FakeImageGenerator implements ImageGenerator {
    private final LocalImageGenerator renderer;

    FakeImageGenerator(LocalImageGenerator renderer) {
        this.renderer = renderer;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        String behaviour = task.upstreamModel() == null ? "ok" : task.upstreamModel();
        switch (behaviour) {
            case "ok" -> { }
            case "slow" -> sleep(Duration.ofMillis(Long.parseLong(task.option("delayMs", "3000"))));
            case "flaky" -> {
                if (ThreadLocalRandom.current().nextDouble() < Double.parseDouble(task.option("failureRate", "0.5"))) {
                    throw ProviderException.failed(provider.id() + " failed (flaky)");
                }
            }
            case "429" -> throw ProviderException.rateLimited(provider.id() + " is rate limiting",
                    Duration.ofSeconds(Long.parseLong(task.option("retryAfter", "1"))));
            case "500" -> throw ProviderException.failed(provider.id() + " answered 500");
            case "timeout" -> {
                sleep(Duration.ofMinutes(10));
                throw ProviderException.timedOut(provider.id() + " never answered");
            }
            case "moderated" -> throw ProviderException.moderated("the prompt was refused by " + provider.id() + "'s content policy");
            default -> throw new ProviderException(ErrorCode.PROVIDER_UNAVAILABLE, true,
                    provider.id() + " is misconfigured: unknown fake behaviour " + behaviour);
        }
        return renderer.generate(provider, task);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ProviderException.timedOut("interrupted");
        }
    }
}
