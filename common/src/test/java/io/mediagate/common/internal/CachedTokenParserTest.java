package io.mediagate.common.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.smallrye.jwt.auth.principal.DefaultJWTParser;
import io.smallrye.jwt.auth.principal.ParseException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.junit.jupiter.api.Test;

class CachedTokenParserTest {
    /** Counts verifications; a token "bad" fails, "t<exp>" is valid until epoch second exp. */
    private static final class CountingParser extends DefaultJWTParser {
        final AtomicInteger calls = new AtomicInteger();

        @Override
        public JsonWebToken parse(String token) throws ParseException {
            calls.incrementAndGet();
            if (token.startsWith("bad")) {
                throw new ParseException("signature does not match");
            }
            long exp = Long.parseLong(token.substring(1));
            return new JsonWebToken() {
                @Override
                public String getName() {
                    return "svc";
                }

                @Override
                public long getExpirationTime() {
                    return exp;
                }

                @Override
                public Set<String> getClaimNames() {
                    return Set.of("exp");
                }

                @Override
                @SuppressWarnings("unchecked")
                public <T> T getClaim(String name) {
                    return (T) Map.<String, Object>of("exp", exp).get(name);
                }
            };
        }
    }

    private static Clock at(long epochSecond) {
        return Clock.fixed(Instant.ofEpochSecond(epochSecond), ZoneOffset.UTC);
    }

    @Test
    void aVerifiedTokenIsVerifiedOnceUntilItExpires() throws Exception {
        CountingParser verifier = new CountingParser();
        CachedTokenParser early = new CachedTokenParser(verifier, at(1_000));
        JsonWebToken first = early.parse("t1030");
        assertSame(first, early.parse("t1030"));
        assertEquals(1, verifier.calls.get());
    }

    @Test
    void anExpiredTokenGoesBackToTheVerifier() throws Exception {
        CountingParser verifier = new CountingParser();
        new CachedTokenParser(verifier, at(1_000)).parse("t1030");
        CachedTokenParser later = new CachedTokenParser(verifier, at(1_030));
        later.parse("t1030");
        later.parse("t1030");
        assertEquals(3, verifier.calls.get(), "a token at or past its exp is never served from memory");
    }

    @Test
    void aTokenThatFailsIsNeverRemembered() {
        CountingParser verifier = new CountingParser();
        CachedTokenParser parser = new CachedTokenParser(verifier, at(1_000));
        assertThrows(ParseException.class, () -> parser.parse("bad1"));
        assertThrows(ParseException.class, () -> parser.parse("bad1"));
        assertEquals(2, verifier.calls.get());
    }

    @Test
    void theCacheStaysBounded() throws Exception {
        CountingParser verifier = new CountingParser();
        CachedTokenParser parser = new CachedTokenParser(verifier, at(1_000));
        for (int i = 0; i < CachedTokenParser.MAX_ENTRIES + 10; i++) {
            parser.parse("t" + (2_000 + i));
        }
        parser.parse("t2000");
        assertEquals(CachedTokenParser.MAX_ENTRIES + 11, verifier.calls.get(), "the first entries were dropped when it filled");
    }
}
