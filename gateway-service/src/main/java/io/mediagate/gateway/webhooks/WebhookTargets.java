package io.mediagate.gateway.webhooks;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.net.AddressPolicy;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Locale;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A {@code webhook_url} is checked when the job is submitted, not only when the first delivery is tried: it
 * must be {@code https} and every address its host resolves to must be public ({@link AddressPolicy}), else the
 * request is 400 {@code invalid_request} on {@code webhook_url}. Routing checks again before each delivery (the
 * name may resolve elsewhere by then). {@code mediagate.webhooks.allow-private} (tests, closed networks) lifts
 * both checks, as it does in routing.
 */
@ApplicationScoped
public class WebhookTargets {
    static final String PARAM = "webhook_url";
    private final boolean allowPrivate;

    WebhookTargets(@ConfigProperty(name = "mediagate.webhooks.allow-private", defaultValue = "false") boolean allowPrivate) {
        this.allowPrivate = allowPrivate;
    }

    /** Completes when {@code url} (already a syntactically valid absolute URL) may receive deliveries; null passes. */
    public Uni<Void> check(String url) {
        if (url == null || allowPrivate) {
            return Uni.createFrom().voidItem();
        }
        URI uri = URI.create(url);
        if (!"https".equals(uri.getScheme().toLowerCase(Locale.ROOT))) {
            return Uni.createFrom().failure(ApiException.invalid(PARAM, "webhook_url must be an https URL"));
        }
        if (uri.getUserInfo() != null) {
            return Uni.createFrom().failure(ApiException.invalid(PARAM, "webhook_url must not carry credentials"));
        }
        return Uni.createFrom().<Void>item(() -> {
            requirePublic(uri.getHost());
            return null;
        }).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    static void requirePublic(String host) {
        try {
            String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
            InetAddress[] addresses = InetAddress.getAllByName(bare);
            if (addresses.length == 0 || !Arrays.stream(addresses).allMatch(AddressPolicy::isPublic)) {
                throw ApiException.invalid(PARAM, "webhook_url points at an address that is not public");
            }
        } catch (UnknownHostException e) {
            throw ApiException.invalid(PARAM, "webhook_url names a host that does not resolve");
        }
    }
}
