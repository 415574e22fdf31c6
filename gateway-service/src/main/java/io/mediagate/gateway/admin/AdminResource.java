package io.mediagate.gateway.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.Page;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.tier.Tier;
import io.mediagate.gateway.auth.Account;
import io.mediagate.gateway.auth.AccountLimits;
import io.mediagate.gateway.auth.ApiKey;
import io.mediagate.gateway.auth.Epochs;
import io.mediagate.gateway.auth.KeyHashing;
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
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Administrator endpoints: list and create accounts, change their tier and limits, list keys, issue keys
 * (shown once, stored as hashes) and revoke them. Changes apply from the next request on every replica ({@link Epochs}).
 */
@Tag(name = "Admin")
@Path("/v1/admin")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalToken.ADMIN)
public class AdminResource {
    private final ObjectMapper json;
    private final Epochs epochs;
    private final Clock clock;

    AdminResource(ObjectMapper json, Epochs epochs, Clock clock) {
        this.json = json;
        this.epochs = epochs;
        this.clock = clock;
    }

    public record AccountView(String id, String name, String tier, AccountLimits limits, Instant createdAt) {}

    public record RevokedKey(String id, String account, Instant revokedAt) {}

    public record IssuedKey(String id, String account, String key, String prefix, Instant createdAt) {}

    /** A key as listed: never its secret or hash, only the prefix that tells keys apart. */
    public record ListedKey(String id, String account, String prefix, Instant createdAt, Instant revokedAt) {}

    /** {@code GET /v1/admin/accounts}: every account, newest first, a page at a time. */
    @Operation(summary = "List accounts")
    @GET
    @Path("accounts")
    @Transactional
    public Envelope<Map<String, Object>> listAccounts(@QueryParam("limit") String limit, @QueryParam("page") String page) {
        Page p = Page.parse(limit, page);
        List<AccountView> accounts = Account.<Account>findAll(Sort.descending("createdAt").and("id"))
                .page(p.page(), p.limit()).list().stream().map(this::view).toList();
        return Envelope.of(Map.of("total", Account.count(), "accounts", accounts));
    }

    /** {@code GET /v1/admin/accounts/{id}/keys}: the account's keys, newest first, revoked ones included. */
    @Operation(summary = "List an account's keys (never their secrets)")
    @GET
    @Path("accounts/{id}/keys")
    @Transactional
    public Envelope<Map<String, Object>> listKeys(@PathParam("id") String accountId) {
        account(accountId);
        List<ListedKey> keys = ApiKey.<ApiKey>find("accountId", Sort.descending("createdAt").and("id"), accountId).list().stream()
                .map(k -> new ListedKey(k.id, k.accountId, k.prefix, k.createdAt, k.revokedAt)).toList();
        return Envelope.of(Map.of("keys", keys));
    }

    @Operation(summary = "Create an account")
    @POST
    @Path("accounts")
    @Consumes(MediaType.WILDCARD)
    @Transactional
    public Envelope<Map<String, Object>> createAccount(String body) {
        JsonBody in = JsonBody.parse(json, body);
        String name = in.requiredString("name").trim();
        if (name.isEmpty() || name.length() > 200) {
            throw ApiException.invalid("name", "name must be 1 to 200 characters");
        }
        Tier tier = in.string("tier").map(t -> Tier.parse(t).orElseThrow(() ->
                ApiException.invalid("tier", "tier must be free, basic, pro or enterprise"))).orElse(Tier.FREE);
        Account account = new Account();
        account.id = KeyHashing.newId("usr_");
        account.name = name;
        account.tier = tier.wire();
        account.createdAt = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
        account.persist();
        return Envelope.of(Map.of("account", view(account)));
    }

    /** Tier and limits apply from the next request on every replica: the account's epoch moves around the change. */
    @Operation(summary = "Change an account's tier and limits")
    @PATCH
    @Path("accounts/{id}")
    @Consumes(MediaType.WILDCARD)
    public Envelope<Map<String, Object>> updateAccount(@PathParam("id") String accountId, String body) {
        JsonBody in = JsonBody.parse(json, body);
        Optional<String> tier = in.string("tier").map(t -> Tier.parse(t).orElseThrow(() ->
                ApiException.invalid("tier", "tier must be free, basic, pro or enterprise")).wire());
        boolean newLimits = in.node().has("limits");
        String limits = newLimits ? limits(in) : null;
        QuarkusTransaction.requiringNew().run(() -> account(accountId));
        return epochs.around(accountId, () -> QuarkusTransaction.requiringNew().call(() -> {
            Account account = account(accountId);
            tier.ifPresent(t -> account.tier = t);
            if (newLimits) {
                account.limits = limits;
            }
            return Envelope.of(Map.of("account", view(account)));
        }));
    }

    /** Refused from the next request on every replica: the account's epoch moves around the revocation. */
    @Operation(summary = "Revoke a key")
    @DELETE
    @Path("keys/{id}")
    public Envelope<Map<String, Object>> revokeKey(@PathParam("id") String keyId) {
        String accountId = QuarkusTransaction.requiringNew().call(() -> key(keyId).accountId);
        return epochs.around(accountId, () -> QuarkusTransaction.requiringNew().call(() -> {
            ApiKey key = key(keyId);
            if (key.revokedAt == null) {
                key.revokedAt = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
            }
            return Envelope.of(Map.of("key", new RevokedKey(key.id, key.accountId, key.revokedAt)));
        }));
    }

    private static Account account(String accountId) {
        Account account = Account.findById(accountId);
        if (account == null) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no account " + accountId);
        }
        return account;
    }

    private static ApiKey key(String keyId) {
        ApiKey key = ApiKey.findById(keyId);
        if (key == null) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no key " + keyId);
        }
        return key;
    }

    private String limits(JsonBody in) {
        JsonNode node = in.node().get("limits");
        if (node == null || node.isNull()) {
            return null;
        }
        try {
            return json.writeValueAsString(json.treeToValue(node, AccountLimits.class).validated());
        } catch (JsonProcessingException e) {
            throw ApiException.invalid("limits", "limits takes perMinute, perHour, perDay, videoPerMinute, "
                    + "concurrentImages and concurrentVideos as whole numbers");
        }
    }

    private AccountView view(Account a) {
        try {
            return new AccountView(a.id, a.name, a.tier, a.limits == null ? null : json.readValue(a.limits, AccountLimits.class), a.createdAt);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    @Operation(summary = "Issue a key for an account (shown once)")
    @POST
    @Path("accounts/{id}/keys")
    @Consumes(MediaType.WILDCARD)
    @Transactional
    public Envelope<Map<String, Object>> issueKey(@PathParam("id") String accountId) {
        Account account = account(accountId);
        String raw = KeyHashing.newKey();
        ApiKey key = new ApiKey();
        key.id = KeyHashing.newId("key_");
        key.accountId = account.id;
        key.keyHash = KeyHashing.hash(raw);
        key.prefix = raw.substring(0, 10);
        key.createdAt = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
        key.persist();
        return Envelope.of(Map.of("key", new IssuedKey(key.id, account.id, raw, key.prefix, key.createdAt)));
    }
}
