package io.mediagate.gateway.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.Page;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.tier.Tier;
import io.mediagate.gateway.auth.Account;
import io.mediagate.gateway.auth.AccountLimits;
import io.mediagate.gateway.auth.Budget;
import io.mediagate.gateway.auth.Epochs;
import io.mediagate.gateway.auth.KeyHashing;
import io.mediagate.gateway.support.JsonBody;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.panache.common.Sort;
import jakarta.annotation.security.RolesAllowed;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
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
 * Administrator endpoints for accounts: list and create them, change their tier, limits, spend cap and whether their
 * requests naming a retired model are served by its replacement (keys are
 * {@link KeyAdminResource}). Changes apply from the next request on every replica ({@link Epochs}).
 */
@Tag(name = "Admin")
@Path("/v1/admin")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed(InternalToken.ADMIN)
public class AdminResource {
    private static final String MODEL_UPGRADES = "modelUpgrades";
    private final ObjectMapper json;
    private final Epochs epochs;
    private final Clock clock;

    AdminResource(ObjectMapper json, Epochs epochs, Clock clock) {
        this.json = json;
        this.epochs = epochs;
        this.clock = clock;
    }

    /**
     * An account; {@code modelUpgrades}: {@code replacement} or {@code none} (what its requests naming a retired model get);
     * {@code suspended}: whether an administrator suspended it (its keys refused, its event streams ended, until reinstated);
     * {@code reuse}: whether its seeded image requests reuse a stored result of the same terms unless they say otherwise.
     */
    public record AccountView(String id, String name, String tier, AccountLimits limits, Budget budget, String modelUpgrades,
                              boolean suspended, boolean reuse, Instant createdAt) {}

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
        account.budget = budget(in);
        account.modelUpgrades = modelUpgrades(in);
        account.reuseResults = in.bool("reuse").orElse(false);
        account.createdAt = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS);
        account.persist();
        return Envelope.of(Map.of("account", view(account)));
    }

    /**
     * Tier, limits, spend cap, model upgrades and suspension apply from the next request on every replica: the account's
     * epoch moves around the change (a suspended account's keys are refused from then on, and its open event streams end).
     */
    @Operation(summary = "Change an account's tier, limits, spend cap, model upgrades, reuse or suspension")
    @PATCH
    @Path("accounts/{id}")
    @Consumes(MediaType.WILDCARD)
    public Envelope<Map<String, Object>> updateAccount(@PathParam("id") String accountId, String body) {
        JsonBody in = JsonBody.parse(json, body);
        Optional<String> tier = in.string("tier").map(t -> Tier.parse(t).orElseThrow(() ->
                ApiException.invalid("tier", "tier must be free, basic, pro or enterprise")).wire());
        boolean newLimits = in.node().has("limits");
        String limits = newLimits ? limits(in) : null;
        boolean newBudget = in.node().has("budget");
        String budget = newBudget ? budget(in) : null;
        boolean newUpgrades = in.node().has(MODEL_UPGRADES);
        String upgrades = newUpgrades ? modelUpgrades(in) : null;
        Optional<Boolean> suspended = in.bool("suspended");
        Optional<Boolean> reuse = in.bool("reuse");
        QuarkusTransaction.requiringNew().run(() -> account(accountId));
        return epochs.around(accountId, () -> QuarkusTransaction.requiringNew().call(() -> {
            Account account = account(accountId);
            tier.ifPresent(t -> account.tier = t);
            if (newLimits) {
                account.limits = limits;
            }
            if (newBudget) {
                account.budget = budget;
            }
            if (newUpgrades) {
                account.modelUpgrades = upgrades;
            }
            reuse.ifPresent(r -> account.reuseResults = r);
            suspended.ifPresent(s -> account.suspendedAt = !s ? null
                    : account.suspendedAt != null ? account.suspendedAt : Instant.now(clock).truncatedTo(ChronoUnit.MILLIS));
            return Envelope.of(Map.of("account", view(account)));
        }));
    }

    static Account account(String accountId) {
        Account account = Account.findById(accountId);
        if (account == null) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no account " + accountId);
        }
        return account;
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
                    + "concurrentImages, concurrentVideos and eventStreams as whole numbers");
        }
    }

    /**
     * {@code modelUpgrades}: whether the account's requests naming a retired model are served by its replacement
     * ({@code replacement}) or refused 410 ({@code none}, as null stores it); a request's {@code model_upgrades} overrides it.
     */
    private static String modelUpgrades(JsonBody in) {
        return in.string(MODEL_UPGRADES).map(u -> {
            if (!u.equals(RetiredModel.REPLACEMENT) && !u.equals(RetiredModel.NONE)) {
                throw ApiException.invalid(MODEL_UPGRADES, MODEL_UPGRADES + " must be " + RetiredModel.REPLACEMENT + " or " + RetiredModel.NONE);
            }
            return u.equals(RetiredModel.NONE) ? null : u;
        }).orElse(null);
    }

    /** The account's spend cap from {@code budget} (null or {} clears it), as stored. */
    private String budget(JsonBody in) {
        JsonNode node = in.node().get("budget");
        return node == null || node.isNull() ? null : Budget.toColumn(json, KeySettings.budget(json, node, "budget"));
    }

    private AccountView view(Account a) {
        try {
            return new AccountView(a.id, a.name, a.tier, a.limits == null ? null : json.readValue(a.limits, AccountLimits.class),
                    Budget.fromColumn(json, a.budget, a.id), a.modelUpgrades == null ? RetiredModel.NONE : a.modelUpgrades,
                    a.suspendedAt != null, a.reuseResults, a.createdAt);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
