package io.mediagate.routing.webhooks;

import io.mediagate.common.webhooks.WebhookSigning;
import io.mediagate.common.net.AddressPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends one webhook message, signed per Standard Webhooks with the account's secret: {@code https} only,
 * to public addresses only (checked after DNS), no redirects, a 10 s deadline. Returns null on a 2xx
 * answer, else why it failed.
 */
@ApplicationScoped
public class WebhookSender {
    private final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final byte[] master;
    private final boolean allowPrivate;
    private final Clock clock;

    WebhookSender(@ConfigProperty(name = "mediagate.webhooks.master-key-location") Path masterKey,
                  @ConfigProperty(name = "mediagate.webhooks.allow-private") boolean allowPrivate, Clock clock) {
        this.master = WebhookSigning.readMaster(masterKey);
        this.allowPrivate = allowPrivate;
        this.clock = clock;
    }

    String send(WebhookDelivery delivery) {
        URI uri;
        try {
            uri = URI.create(delivery.url);
        } catch (IllegalArgumentException e) {
            return "not a valid URL";
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("https") || (allowPrivate && scheme.equals("http"))) || uri.getHost() == null) {
            return "webhook URLs must be https";
        }
        if (!allowPrivate) {
            try {
                if (!Arrays.stream(InetAddress.getAllByName(uri.getHost())).allMatch(AddressPolicy::isPublic)) {
                    return "the webhook URL points at an address that is not public";
                }
            } catch (UnknownHostException e) {
                return "the webhook host does not resolve";
            }
        }
        long timestamp = clock.instant().getEpochSecond();
        String secret = WebhookSigning.secret(master, delivery.userId);
        HttpRequest request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10))
                .header("Content-Type", "application/json")
                .header("User-Agent", "Mediagate-Webhooks/1")
                .header("webhook-id", delivery.id)
                .header("webhook-timestamp", Long.toString(timestamp))
                .header("webhook-signature", WebhookSigning.signature(secret, delivery.id, timestamp, delivery.payload))
                .POST(HttpRequest.BodyPublishers.ofString(delivery.payload))
                .build();
        try {
            int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
            return status / 100 == 2 ? null : "the receiver answered " + status;
        } catch (IOException e) {
            return "could not reach the receiver: " + e.getClass().getSimpleName();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
    }
}
