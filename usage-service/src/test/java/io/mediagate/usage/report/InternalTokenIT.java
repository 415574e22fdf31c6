package io.mediagate.usage.report;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.mediagate.common.internal.CachedTokenParser;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestInfra;
import io.mediagate.testing.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.smallrye.jwt.auth.principal.JWTParser;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Internal tokens are verified once per token, and a remembered token still ends when it expires. */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "usage"), @ResourceArg(name = "kafka", value = "true")})
class InternalTokenIT {
    @Inject
    JWTParser parser;

    @Test
    void theServiceVerifiesThroughTheCachingParser() {
        assertInstanceOf(CachedTokenParser.class, parser);
    }

    @Test
    void aTamperedCopyOfAnAcceptedTokenIsRefused() {
        String token = TestTokens.bearer("usr_tokens", "free", Set.of(InternalToken.USER));
        given().header("Authorization", token).get("/internal/v1/usage").then().statusCode(200);
        String tampered = token.substring(0, token.length() - 4) + (token.endsWith("AAAA") ? "BBBB" : "AAAA");
        given().header("Authorization", tampered).get("/internal/v1/usage").then().statusCode(401);
        given().header("Authorization", token).get("/internal/v1/usage").then().statusCode(200);
    }

    @Test
    void anAcceptedTokenIsRefusedOnceItExpires() throws Exception {
        String token = "Bearer " + TestTokens.sign("usr_tokens", "free", Set.of(InternalToken.USER), Duration.ofSeconds(1),
                TestInfra.get().keys().resolve("internal-private.pem"));
        given().header("Authorization", token).get("/internal/v1/usage").then().statusCode(200);
        Thread.sleep(7_000); // one second of life and the five seconds of clock skew the services allow
        given().header("Authorization", token).get("/internal/v1/usage").then().statusCode(401);
    }
}
