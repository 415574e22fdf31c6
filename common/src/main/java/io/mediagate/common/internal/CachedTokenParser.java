package io.mediagate.common.internal;

import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.JWTAuthContextInfo;
import io.smallrye.jwt.auth.principal.JWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.inject.Inject;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Clock;
import java.util.concurrent.ConcurrentHashMap;
import javax.crypto.SecretKey;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * Verifies internal tokens once per token rather than once per request. Callers reuse a signed token for a
 * while ({@link InternalTokens}), so a service sees the same few token strings over and over; a verified
 * one is remembered until it expires, after which it is verified (and refused) like any other. Only
 * tokens that passed the full check are kept; the cache is bounded and simply emptied when full.
 * Services that verify tokens get it in place of the default parser; the gateway, which only signs,
 * excludes it ({@code quarkus.arc.exclude-types}).
 */
@Alternative
@Priority(1)
@ApplicationScoped
public class CachedTokenParser implements JWTParser {
    static final int MAX_ENTRIES = 4096;
    private final JWTParser verifier;
    private final Clock clock;
    private final ConcurrentHashMap<String, JsonWebToken> verified = new ConcurrentHashMap<>();

    @Inject
    CachedTokenParser(JWTAuthContextInfo context, Clock clock) {
        this(new DefaultJWTParser(context), clock);
    }

    CachedTokenParser(JWTParser verifier, Clock clock) {
        this.verifier = verifier;
        this.clock = clock;
    }

    @Override
    public JsonWebToken parse(String token) throws ParseException {
        JsonWebToken known = verified.get(token);
        long now = clock.millis() / 1000;
        if (known != null && known.getExpirationTime() > now) {
            return known;
        }
        if (known != null) {
            verified.remove(token);
        }
        JsonWebToken fresh = verifier.parse(token);
        if (verified.size() >= MAX_ENTRIES) {
            verified.clear();
        }
        verified.put(token, fresh);
        return fresh;
    }

    @Override
    public JsonWebToken parse(String token, JWTAuthContextInfo context) throws ParseException {
        return verifier.parse(token, context);
    }

    @Override
    public JsonWebToken verify(String token, PublicKey key) throws ParseException {
        return verifier.verify(token, key);
    }

    @Override
    public JsonWebToken verify(String token, SecretKey key) throws ParseException {
        return verifier.verify(token, key);
    }

    @Override
    public JsonWebToken verify(String token, String secret) throws ParseException {
        return verifier.verify(token, secret);
    }

    @Override
    public JsonWebToken decrypt(String token, PrivateKey key) throws ParseException {
        return verifier.decrypt(token, key);
    }

    @Override
    public JsonWebToken decrypt(String token, SecretKey key) throws ParseException {
        return verifier.decrypt(token, key);
    }

    @Override
    public JsonWebToken decrypt(String token, String secret) throws ParseException {
        return verifier.decrypt(token, secret);
    }

    @Override
    public JsonWebToken parseOnly(String token) throws ParseException {
        return verifier.parseOnly(token);
    }
}
