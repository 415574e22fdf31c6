package io.mediagate.routing.webhooks;

import io.mediagate.common.webhooks.WebhookSigning;
import io.mediagate.common.net.AddressPolicy;
import io.mediagate.routing.fetch.PinnedHttp;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpMethod;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends one webhook message, signed per Standard Webhooks with the account's secret: {@code https} only,
 * to public addresses only (checked after DNS, and the connection goes to the checked address: see
 * {@link PinnedHttp}), no redirects, a 10 s deadline. Returns null on a 2xx answer, else why it failed.
 */
@ApplicationScoped
public class WebhookSender {
    private static final int CONNECT_MILLIS = 5_000;
    private final PinnedHttp http;
    private final byte[] master;
    private final boolean allowPrivate;
    private final Clock clock;

    @Inject
    WebhookSender(Vertx vertx, @ConfigProperty(name = "mediagate.webhooks.master-key-location") Path masterKey,
                  @ConfigProperty(name = "mediagate.webhooks.allow-private") boolean allowPrivate, Clock clock) {
        this(new PinnedHttp(vertx, InetAddress::getAllByName, CONNECT_MILLIS), masterKey, allowPrivate, clock);
    }

    WebhookSender(PinnedHttp http, Path masterKey, boolean allowPrivate, Clock clock) {
        this.http = http;
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
        List<InetAddress> addresses;
        try {
            addresses = http.resolve(uri.getHost(), allowPrivate ? a -> true : AddressPolicy::isPublic);
        } catch (PinnedHttp.Refused e) {
            return "the webhook URL " + e.getMessage();
        }
        long timestamp = clock.instant().getEpochSecond();
        String secret = WebhookSigning.secret(master, delivery.userId);
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Content-Type", "application/json");
        headers.put("User-Agent", "Mediagate-Webhooks/1");
        headers.put("webhook-id", delivery.id);
        headers.put("webhook-timestamp", Long.toString(timestamp));
        headers.put("webhook-signature", WebhookSigning.signature(secret, delivery.id, timestamp, delivery.payload));
        try {
            int status = http.exchange(HttpMethod.POST, uri, addresses, headers, Buffer.buffer(delivery.payload), null, 0,
                    System.nanoTime() + TimeUnit.SECONDS.toNanos(10)).status();
            return status / 100 == 2 ? null : "the receiver answered " + status;
        } catch (TimeoutException e) {
            return "the receiver did not answer within 10 s";
        } catch (IOException e) {
            return "could not reach the receiver: " + e.getClass().getSimpleName();
        }
    }
}
