package io.mediagate.common.calls;

import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.internal.InternalTokens;
import io.mediagate.common.tier.Tier;
import java.util.Set;

/**
 * Who an internal call is made as, which decides the signed token it carries: the calling service itself (a
 * {@code service} token: registering a file, resolving a model), or a user, so that the owning service applies
 * that user's visibility rules (their media, their jobs, their usage).
 */
public sealed interface CallAs {
    /** The {@code Authorization} header value for this call; null for none. */
    String bearer(InternalTokens tokens);

    /** No token: a public read (a public file, a signed file address, which carries its own proof). */
    static CallAs nobody() {
        return new Nobody();
    }

    static CallAs service(String name) {
        return new Service(name);
    }

    static CallAs user(String id, Tier tier, Set<String> groups) {
        return new User(id, tier, groups);
    }

    /** An ordinary user of tier {@code tier}. */
    static CallAs user(String id, Tier tier) {
        return new User(id, tier, Set.of(InternalToken.USER));
    }

    record Nobody() implements CallAs {
        @Override
        public String bearer(InternalTokens tokens) {
            return null;
        }
    }

    record Service(String name) implements CallAs {
        @Override
        public String bearer(InternalTokens tokens) {
            return tokens.bearer(name, null, Set.of(InternalToken.SERVICE));
        }
    }

    record User(String id, Tier tier, Set<String> groups) implements CallAs {
        @Override
        public String bearer(InternalTokens tokens) {
            return tokens.bearer(id, tier == null ? null : tier.wire(), groups);
        }
    }
}
