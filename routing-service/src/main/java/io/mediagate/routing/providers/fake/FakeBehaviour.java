package io.mediagate.routing.providers.fake;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ProviderException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a {@code fake} offer does before (or instead of) rendering, chosen by its {@code upstreamModel}:
 * {@code ok}, {@code slow} ({@code delayMs}), {@code flaky} ({@code failureRate}), {@code 429}
 * ({@code retryAfter} seconds), {@code 500}, {@code timeout} (never answers), {@code moderated}, {@code 401}
 * (refused credentials), {@code quota} (no credits left).
 */
final class FakeBehaviour {
    private FakeBehaviour() {
    }

    /** Returns normally when the call should succeed; throws the provider failure otherwise. */
    static void apply(ProviderSpec provider, String upstreamModel, Map<String, String> options) {
        String behaviour = upstreamModel == null ? "ok" : upstreamModel;
        switch (behaviour) {
            case "ok" -> { }
            case "slow" -> sleep(Duration.ofMillis(Long.parseLong(option(options, "delayMs", "3000"))));
            case "flaky" -> {
                if (ThreadLocalRandom.current().nextDouble() < Double.parseDouble(option(options, "failureRate", "0.5"))) {
                    throw ProviderException.failed(provider.id() + " failed (flaky)");
                }
            }
            case "429" -> throw ProviderException.rateLimited(provider.id() + " is rate limiting",
                    Duration.ofSeconds(Long.parseLong(option(options, "retryAfter", "1"))));
            case "500" -> throw ProviderException.failed(provider.id() + " answered 500");
            case "timeout" -> {
                sleep(Duration.ofMinutes(10));
                throw ProviderException.timedOut(provider.id() + " never answered");
            }
            case "401" -> throw ProviderException.credentials(provider.id() + " refused our credentials");
            case "quota" -> throw ProviderException.quota(provider.id() + " account has no credits");
            case "moderated" -> throw ProviderException.moderated("the prompt was refused by " + provider.id() + "'s content policy");
            default -> throw ProviderException.credentials(provider.id() + " is misconfigured: unknown fake behaviour " + behaviour);
        }
    }

    private static String option(Map<String, String> options, String name, String fallback) {
        return options == null ? fallback : options.getOrDefault(name, fallback);
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
