package io.mediagate.gateway.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.gateway.auth.ApiKey;
import io.mediagate.gateway.auth.Budget;
import io.mediagate.gateway.auth.Epochs;
import io.mediagate.gateway.auth.KeyHashing;
import io.mediagate.gateway.auth.Scope;
import io.mediagate.gateway.support.JsonBody;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.panache.common.Sort;
import jakarta.annotation.security.RolesAllowed;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Administrator endpoints for keys: issue one (shown once, stored as a hash) with an optional name, scopes,
 * expiry and spend cap; list an account's keys (never their secrets); change a key's settings; rotate it (a new key
 * with the same settings, the old one expiring after a grace period); revoke it. Every change applies from the next
 * request on every replica: the account's epoch moves around it ({@link Epochs}).
 */
@Tag(name = "Admin")
@Path("/v1/admin")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalToken.ADMIN)
public class KeyAdminResource {
    /** How long a rotated key keeps working unless the request says otherwise. */
    static final Duration DEFAULT_GRACE = Duration.ofHours(24);
    private final ObjectMapper json;
    private final Epochs epochs;
    private final Clock clock;

    KeyAdminResource(ObjectMapper json, Epochs epochs, Clock clock) {
        this.json = json;
        this.epochs = epochs;
        this.clock = clock;
    }

    /** A key as listed: never its secret or hash, only the prefix that tells keys apart. */
    public record KeyView(String id, String account, String name, String prefix, List<String> scopes, Instant expiresAt,
                          Budget budget, Instant lastUsedAt, String status, Instant createdAt, Instant revokedAt) {}

    /** A key just issued: the secret is in {@code key}, shown this once. */
    public record IssuedKey(String id, String account, String key, String name, String prefix, List<String> scopes,
                            Instant expiresAt, Budget budget, Instant createdAt) {}

    @Operation(summary = "Issue a key for an account (shown once), with optional name, scopes, expiresAt and budget")
    @POST
    @Path("accounts/{id}/keys")
    @Consumes(MediaType.WILDCARD)
    @Transactional
    public Envelope<Map<String, Object>> issue(@PathParam("id") String accountId, String body) {
        KeySettings settings = KeySettings.parse(json, body, clock.instant());
        AdminResource.account(accountId);
        ApiKey template = new ApiKey();
        settings.applyTo(template);
        return Envelope.of(Map.of("key", issueLike(template, accountId, template.expiresAt)));
    }

    /** {@code GET /v1/admin/accounts/{id}/keys}: the account's keys, newest first, revoked and expired ones included. */
    @Operation(summary = "List an account's keys (never their secrets)")
    @GET
    @Path("accounts/{id}/keys")
    @Transactional
    public Envelope<Map<String, Object>> list(@PathParam("id") String accountId) {
        AdminResource.account(accountId);
        List<KeyView> keys = ApiKey.<ApiKey>find("accountId", Sort.descending("createdAt").and("id"), accountId).list().stream()
                .map(this::view).toList();
        return Envelope.of(Map.of("total", keys.size(), "keys", keys));
    }

    @Operation(summary = "Change a key's name, scopes, expiresAt or budget (null clears one)")
    @PATCH
    @Path("keys/{id}")
    @Consumes(MediaType.WILDCARD)
    public Envelope<Map<String, Object>> update(@PathParam("id") String keyId, String body) {
        KeySettings settings = KeySettings.parse(json, body, clock.instant());
        String accountId = QuarkusTransaction.requiringNew().call(() -> key(keyId).accountId);
        return epochs.around(accountId, () -> QuarkusTransaction.requiringNew().call(() -> {
            ApiKey key = key(keyId);
            settings.applyTo(key);
            return Envelope.of(Map.of("key", view(key)));
        }));
    }

    /**
     * A new key with the settings of {@code id}; the old key keeps working for {@code graceSeconds} (default a day;
     * 0 ends it now) unless it expires sooner, so clients can move over before it stops.
     */
    @Operation(summary = "Rotate a key: a new key with the same settings; the old one expires after graceSeconds (default 86400)")
    @POST
    @Path("keys/{id}/rotate")
    @Consumes(MediaType.WILDCARD)
    public Envelope<Map<String, Object>> rotate(@PathParam("id") String keyId, String body) {
        Duration grace = body == null || body.isBlank() ? DEFAULT_GRACE : JsonBody.parse(json, body).integer("graceSeconds")
                .map(s -> {
                    if (s < 0 || s > 90 * 86_400) {
                        throw ApiException.invalid("graceSeconds", "graceSeconds must be from 0 to 7776000 (90 days)");
                    }
                    return Duration.ofSeconds(s);
                }).orElse(DEFAULT_GRACE);
        ApiKey old = QuarkusTransaction.requiringNew().call(() -> key(keyId));
        if (old.revokedAt != null) {
            throw new ApiException(ErrorCode.INVALID_REQUEST, "key " + keyId + " is revoked; issue a new key instead");
        }
        return epochs.around(old.accountId, () -> QuarkusTransaction.requiringNew().call(() -> {
            ApiKey current = key(keyId);
            Instant end = Instant.now(clock).plus(grace).truncatedTo(ChronoUnit.MILLIS);
            if (current.expiresAt == null || current.expiresAt.isAfter(end)) {
                current.expiresAt = end;
            }
            IssuedKey fresh = issueLike(current, current.accountId, null);
            return Envelope.of(Map.of("key", fresh, "previous", view(current)));
        }));
    }

    /** Refused from the next request on every replica: the account's epoch moves around the revocation. */
    @Operation(summary = "Revoke a key")
    @DELETE
    @Path("keys/{id}")
    public Envelope<Map<String, Object>> revoke(@PathParam("id") String keyId) {
        String accountId = QuarkusTransaction.requiringNew().call(() -> key(keyId).accountId);
        return epochs.around(accountId, () -> QuarkusTransaction.requiringNew().call(() -> {
            ApiKey key = key(keyId);
            if (key.revokedAt == null) {
                key.revokedAt = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
            }
            return Envelope.of(Map.of("key", view(key)));
        }));
    }

    /** Persists a new key of {@code accountId} with the name, scopes and budget of {@code like}, expiring at {@code expiresAt}. */
    private IssuedKey issueLike(ApiKey like, String accountId, Instant expiresAt) {
        String raw = KeyHashing.newKey();
        ApiKey key = new ApiKey();
        key.id = KeyHashing.newId("key_");
        key.accountId = accountId;
        key.keyHash = KeyHashing.hash(raw);
        key.prefix = raw.substring(0, 10);
        key.name = like.name;
        key.scopes = like.scopes;
        key.budget = like.budget;
        key.createdAt = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
        key.expiresAt = expiresAt;
        key.persist();
        return new IssuedKey(key.id, accountId, raw, key.name, key.prefix, scopes(key), key.expiresAt, budget(key), key.createdAt);
    }

    private static ApiKey key(String keyId) {
        ApiKey key = ApiKey.findById(keyId);
        if (key == null) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no key " + keyId);
        }
        return key;
    }

    private KeyView view(ApiKey k) {
        String status = k.revokedAt != null ? "revoked" : k.expiresAt != null && !clock.instant().isBefore(k.expiresAt) ? "expired" : "active";
        return new KeyView(k.id, k.accountId, k.name, k.prefix, scopes(k), k.expiresAt, budget(k), k.lastUsedAt, status,
                k.createdAt, k.revokedAt);
    }

    private static List<String> scopes(ApiKey k) {
        Set<Scope> scopes = Scope.fromColumn(k.scopes);
        return scopes == null ? null : scopes.stream().map(s -> s.wire).toList();
    }

    private Budget budget(ApiKey k) {
        return Budget.fromColumn(json, k.budget, "key " + k.id);
    }
}
