package io.mediagate.gateway.auth;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.AsyncCache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Expiry;
import io.mediagate.common.tier.Tier;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The keys this gateway has seen, by hash, each with the account epoch read before it was loaded
 * ({@link Epochs}): the hot path reads no database. A revoked key, or one of a suspended account, does not
 * authenticate. Unknown and revoked keys are remembered too, for a
 * shorter while, so a stream of bad keys cannot turn into a stream of queries; keys are random, so a key
 * issued later never matches a hash remembered as unknown. Concurrent misses of one key share one load.
 * Entries also expire after {@code mediagate.auth.cache-ttl}, a bound on staleness should an epoch renewal
 * ever be lost.
 */
@ApplicationScoped
public class KeyCache {
    /**
     * A key in use: its caller, the epoch key and value to check with every request (null for the administrator),
     * when the key expires (null: never), and whether its account is suspended (the key refused until it is reinstated,
     * which moves the epoch: a suspended key's epoch is read with every {@link #find}).
     */
    public record Known(Caller caller, String epochKey, String epoch, Instant expiresAt, boolean suspended) {
        public Known(Caller caller, String epochKey, String epoch, Instant expiresAt) {
            this(caller, epochKey, epoch, expiresAt, false);
        }

        public boolean expired(Instant now) {
            return expiresAt != null && !now.isBefore(expiresAt);
        }

        /** Whether the key is refused at {@code now}: expired, or its account suspended. */
        public boolean refused(Instant now) {
            return suspended || expired(now);
        }
    }

    private final KeyStore store;
    private final Epochs epochs;
    private final ObjectMapper json;
    private final Optional<String> adminKeyHash;
    private final AsyncCache<String, Optional<Known>> cache;

    KeyCache(KeyStore store, Epochs epochs, ObjectMapper json,
             @ConfigProperty(name = "mediagate.admin.key") Optional<String> adminKey,
             @ConfigProperty(name = "mediagate.auth.cache-size", defaultValue = "100000") long size,
             @ConfigProperty(name = "mediagate.auth.cache-ttl", defaultValue = "5m") Duration ttl,
             @ConfigProperty(name = "mediagate.auth.unknown-ttl", defaultValue = "30s") Duration unknownTtl) {
        this.store = store;
        this.epochs = epochs;
        this.json = json;
        this.adminKeyHash = adminKey.filter(k -> k.length() >= 20).map(KeyHashing::hash);
        this.cache = Caffeine.newBuilder().maximumSize(size).expireAfter(new Expiry<String, Optional<Known>>() {
            @Override
            public long expireAfterCreate(String hash, Optional<Known> known, long now) {
                return (known.isPresent() ? ttl : unknownTtl).toNanos();
            }

            @Override
            public long expireAfterUpdate(String hash, Optional<Known> known, long now, long current) {
                return expireAfterCreate(hash, known, now);
            }

            @Override
            public long expireAfterRead(String hash, Optional<Known> known, long now, long current) {
                return current;
            }
        }).buildAsync();
    }

    /** The key with this hash, or empty when it is unknown or revoked; fails when the store cannot be read. */
    public Uni<Optional<Known>> find(String hash) {
        if (adminKeyHash.isPresent() && KeyHashing.sameHash(adminKeyHash.get(), hash)) {
            return Uni.createFrom().item(Optional.of(new Known(Caller.administrator(), null, null, null)));
        }
        return cached(hash).flatMap(found -> {
            if (found.isEmpty() || !found.get().suspended()) {
                return Uni.createFrom().item(found);
            }
            // a suspended account's key is refused until the account's epoch moves (it is reinstated): looked at each time
            return epochs.current(found.get().caller().accountId()).flatMap(epoch -> {
                if (epoch.equals(found.get().epoch())) {
                    return Uni.createFrom().item(found);
                }
                invalidate(hash);
                return cached(hash);
            });
        });
    }

    private Uni<Optional<Known>> cached(String hash) {
        return Uni.createFrom().completionStage(() -> cache.get(hash, (h, executor) -> load(h).subscribeAsCompletionStage()));
    }

    /** Forgets a key whose epoch moved; the next {@link #find} reads it again. */
    public void invalidate(String hash) {
        cache.synchronous().invalidate(hash);
    }

    /** The account first (its id never changes), then its epoch, then the key and account as they are now. */
    private Uni<Optional<Known>> load(String hash) {
        return read(hash).flatMap(first -> first.isEmpty() || first.get().revoked()
                ? Uni.createFrom().item(Optional.<Known>empty())
                : epochs.current(first.get().accountId()).flatMap(epoch -> read(hash).map(row -> row
                        .filter(r -> !r.revoked())
                        .map(r -> new Known(caller(r), epochs.key(r.accountId()), epoch, r.expiresAt(), r.suspended())))));
    }

    private Uni<Optional<KeyStore.Row>> read(String hash) {
        return Uni.createFrom().item(() -> store.find(hash)).runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    private Caller caller(KeyStore.Row row) {
        Tier tier = Tier.parse(row.tier()).orElse(Tier.FREE);
        Tier.Limits limits = tier.limits();
        if (row.limits() != null) {
            try {
                limits = json.readValue(row.limits(), AccountLimits.class).over(limits);
            } catch (IOException e) {
                throw new IllegalStateException("stored limits of " + row.accountId() + " are unreadable", e);
            }
        }
        return new Caller(row.accountId(), tier, limits, false, row.keyId(), Scope.fromColumn(row.scopes()),
                new Budgets(Budget.fromColumn(json, row.accountBudget(), row.accountId()), Budget.fromColumn(json, row.keyBudget(), row.keyId())),
                row.modelUpgrades(), row.reuse());
    }
}
