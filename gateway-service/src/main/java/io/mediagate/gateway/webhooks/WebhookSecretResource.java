package io.mediagate.gateway.webhooks;

import io.mediagate.common.api.Envelope;
import io.mediagate.common.webhooks.WebhookSigning;
import io.mediagate.gateway.auth.Caller;
import io.quarkus.security.Authenticated;
import io.quarkus.security.identity.SecurityIdentity;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.nio.file.Path;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * {@code GET /v1/webhooks/secret}: the caller's webhook signing secret ({@code whsec_…}), with which they
 * verify the {@code webhook-signature} of the deliveries to their {@code webhook_url}s.
 */
@Tag(name = "Account")
@jakarta.ws.rs.Path("/v1/webhooks/secret")
@Authenticated
public class WebhookSecretResource {
    private final SecurityIdentity identity;
    private final byte[] master;

    WebhookSecretResource(SecurityIdentity identity,
                          @ConfigProperty(name = "mediagate.webhooks.master-key-location") Path masterKey) {
        this.identity = identity;
        this.master = WebhookSigning.readMaster(masterKey);
    }

    @Operation(summary = "Your account's webhook signing secret")
    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Envelope<Map<String, String>> secret() {
        Caller caller = Caller.of(identity);
        return Envelope.of(Map.of("secret", WebhookSigning.secret(master, caller.accountId()),
                "scheme", "Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature v1 HMAC-SHA256)"));
    }
}
