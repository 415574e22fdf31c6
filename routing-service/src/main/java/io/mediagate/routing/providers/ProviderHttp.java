package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.io.CappedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.net.http.WebSocket;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * What every HTTP adapter shares: one client, connection failures and timeouts classified as
 * retryable, {@code Retry-After} read in both its forms, credentials read from the environment
 * variable the catalog names (never logged, never put in messages).
 */
public final class ProviderHttp {
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    /** Largest body accepted from a provider (images arrive base64-encoded). */
    public static final int MAX_BODY = 64 * 1024 * 1024;

    private ProviderHttp() {
    }

    public static HttpResponse<byte[]> send(ProviderSpec provider, HttpRequest request) {
        HttpResponse<byte[]> response = call(provider, request, HttpResponse.BodyHandlers.ofByteArray());
        if (response.body().length > MAX_BODY) {
            throw ProviderException.failed(provider.id() + " answered with an oversized body");
        }
        return response;
    }

    /**
     * As {@link #send} but the body is left to read as it arrives (large answers are decoded while they
     * stream in, never held whole); reading more than {@link #MAX_BODY} fails.
     */
    public static HttpResponse<InputStream> stream(ProviderSpec provider, HttpRequest request) {
        return stream(provider, request, MAX_BODY);
    }

    /** As {@link #stream(ProviderSpec, HttpRequest)} with a cap of {@code max} bytes (a video). */
    public static HttpResponse<InputStream> stream(ProviderSpec provider, HttpRequest request, long max) {
        HttpResponse<InputStream> response = call(provider, request, HttpResponse.BodyHandlers.ofInputStream());
        return new CappedResponse(response, new CappedInputStream(response.body(), max,
                () -> ProviderException.failed(provider.id() + " answered with an oversized body")));
    }

    /** One call, its transport failures as provider failures: a timeout, an unreachable host, an interrupt. */
    private static <T> HttpResponse<T> call(ProviderSpec provider, HttpRequest request, HttpResponse.BodyHandler<T> body) {
        try {
            return CLIENT.send(request, body);
        } catch (java.net.http.HttpConnectTimeoutException e) {
            throw ProviderException.failed(provider.id() + " is unreachable"); // nothing was sent
        } catch (HttpTimeoutException e) {
            throw ProviderException.timedOut(provider.id() + " did not answer in time");
        } catch (IOException e) {
            throw ProviderException.failed(provider.id() + " is unreachable");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ProviderException.timedOut(provider.id() + " call was interrupted");
        }
    }

    /**
     * Opens a WebSocket to {@code uri} on the shared client (a provider's live events), within the connect timeout; a
     * server that refuses the upgrade or cannot be reached is a provider failure like any other.
     */
    public static WebSocket webSocket(ProviderSpec provider, URI uri, WebSocket.Listener listener) {
        try {
            return CLIENT.newWebSocketBuilder().connectTimeout(Duration.ofSeconds(5)).buildAsync(uri, listener).get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ProviderException.timedOut(provider.id() + " call was interrupted");
        } catch (ExecutionException | TimeoutException e) {
            throw ProviderException.failed(provider.id() + " did not open its event socket");
        }
    }

    public static HttpRequest.Builder request(String url, Duration timeout) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(timeout);
    }

    /**
     * The credential from the variable the catalog names for this provider: the environment in
     * production, or any other configuration source.
     */
    public static Optional<String> credential(ProviderSpec provider) {
        if (provider.apiKeyEnv() == null || provider.apiKeyEnv().isBlank()) {
            return Optional.empty();
        }
        return ConfigProvider.getConfig().getOptionalValue(provider.apiKeyEnv(), String.class).filter(v -> !v.isBlank());
    }

    /** {@code Retry-After} as delta-seconds or an HTTP date; absent or unreadable gives empty. */
    public static Optional<Duration> retryAfter(HttpResponse<?> response, ZonedDateTime now) {
        return response.headers().firstValue("Retry-After").flatMap(v -> parseRetryAfter(v, now));
    }

    static Optional<Duration> parseRetryAfter(String value, ZonedDateTime now) {
        String v = value.trim();
        try {
            return Optional.of(Duration.ofSeconds(Math.max(0, Long.parseLong(v))));
        } catch (NumberFormatException notSeconds) {
            try {
                ZonedDateTime at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME);
                Duration d = Duration.between(now, at);
                return Optional.of(d.isNegative() ? Duration.ZERO : d);
            } catch (DateTimeParseException notDate) {
                return Optional.empty();
            }
        }
    }
}
