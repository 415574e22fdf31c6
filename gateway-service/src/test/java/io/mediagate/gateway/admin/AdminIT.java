package io.mediagate.gateway.admin;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.notNullValue;

import io.mediagate.gateway.GatewayTestResources;
import io.mediagate.testing.Windows;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class AdminIT {
    private static final String ADMIN = "Bearer " + GatewayTestResources.ADMIN_KEY;

    private static String account(String tier) {
        return given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("name", "acme", "tier", tier))
                .when().post("/v1/admin/accounts").then().statusCode(200).extract().path("result.account.id");
    }

    private static Map<String, String> issue(String account) {
        return given().header("Authorization", ADMIN).when().post("/v1/admin/accounts/" + account + "/keys")
                .then().statusCode(200).body("result.key.prefix", notNullValue()).extract().path("result.key");
    }

    @Test
    void accountsAndTheirKeysAreListedWithoutSecrets() {
        String account = account("basic");
        Map<String, String> first = issue(account);
        Map<String, String> second = issue(account);
        given().header("Authorization", ADMIN).when().delete("/v1/admin/keys/" + first.get("id")).then().statusCode(200);
        String keys = given().header("Authorization", ADMIN).when().get("/v1/admin/accounts/" + account + "/keys")
                .then().statusCode(200)
                .body("result.keys.size()", equalTo(2))
                .body("result.keys.find { it.id == '" + first.get("id") + "' }.revokedAt", notNullValue())
                .body("result.keys.find { it.id == '" + second.get("id") + "' }.prefix", equalTo(second.get("prefix")))
                .extract().asString();
        org.junit.jupiter.api.Assertions.assertFalse(keys.contains(second.get("key")), "a listed key must not carry its secret");
        given().header("Authorization", ADMIN).when().get("/v1/admin/accounts?limit=100")
                .then().statusCode(200).body("result.accounts.id", org.hamcrest.Matchers.hasItem(account));
        given().header("Authorization", ADMIN).when().get("/v1/admin/accounts/usr_nothing/keys").then().statusCode(404);
        given().header("Authorization", "Bearer " + second.get("key")).when().get("/v1/admin/accounts")
                .then().statusCode(403).body("code", equalTo("permission_denied"));
    }

    @Test
    void aRevokedKeyFailsAtOnce() {
        Map<String, String> key = issue(account("pro"));
        // Authenticated (the owner is down in this test, so 503 rather than 401).
        given().header("Authorization", "Bearer " + key.get("key")).when().get("/v1/models").then().statusCode(503);
        given().header("Authorization", ADMIN).when().delete("/v1/admin/keys/" + key.get("id"))
                .then().statusCode(200).body("result.key.revokedAt", notNullValue());
        given().header("Authorization", "Bearer " + key.get("key")).when().get("/v1/models")
                .then().statusCode(401).body("code", equalTo("authentication_error"));
        given().header("Authorization", ADMIN).when().delete("/v1/admin/keys/key_nothing").then().statusCode(404);
        given().header("Authorization", "Bearer " + issue(account("pro")).get("key")).when().delete("/v1/admin/keys/" + key.get("id"))
                .then().statusCode(403).body("code", equalTo("permission_denied"));
    }

    @Test
    void tierAndCustomLimitsApplyFromTheNextRequest() {
        Windows.awayFromTheMinuteBoundary();
        String account = account("free");
        String key = "Bearer " + issue(account).get("key");
        given().header("Authorization", key).when().get("/v1/models").then().header("X-RateLimit-Limit", "10");
        given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("tier", "pro"))
                .when().patch("/v1/admin/accounts/" + account).then().statusCode(200).body("result.account.tier", equalTo("pro"));
        given().header("Authorization", key).when().get("/v1/models").then().header("X-RateLimit-Limit", "100");
        given().header("Authorization", ADMIN).contentType("application/json")
                .body(Map.of("tier", "enterprise", "limits", Map.of("perMinute", 3)))
                .when().patch("/v1/admin/accounts/" + account).then().statusCode(200)
                .body("result.account.limits.perMinute", equalTo(3));
        // This minute already counted 2 requests: one left under the custom limit, then 429.
        given().header("Authorization", key).when().get("/v1/models").then().header("X-RateLimit-Limit", "3");
        given().header("Authorization", key).when().get("/v1/models").then().statusCode(429);
    }

    @Test
    void invalidChangesAre400AndUnknownAccounts404() {
        String account = account("basic");
        given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("tier", "gold"))
                .when().patch("/v1/admin/accounts/" + account).then().statusCode(400).body("param", equalTo("tier"));
        given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("limits", Map.of("perMinute", 0)))
                .when().patch("/v1/admin/accounts/" + account).then().statusCode(400).body("param", equalTo("limits"));
        given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("tier", "pro"))
                .when().patch("/v1/admin/accounts/usr_nobody").then().statusCode(404);
    }
}
