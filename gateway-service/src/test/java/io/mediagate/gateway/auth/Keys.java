package io.mediagate.gateway.auth;

import static io.restassured.RestAssured.given;

import io.mediagate.gateway.GatewayTestResources;
import java.util.Map;

/** Accounts and keys through the admin API, for the tests of this package. */
final class Keys {
    static final String ADMIN = "Bearer " + GatewayTestResources.ADMIN_KEY;

    private Keys() {
    }

    static String account(String tier) {
        return given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("name", "cache", "tier", tier))
                .when().post("/v1/admin/accounts").then().statusCode(200).extract().path("result.account.id");
    }

    /** {@code {id, key}} of a new key of {@code account}. */
    static Map<String, String> issue(String account) {
        return given().header("Authorization", ADMIN).when().post("/v1/admin/accounts/" + account + "/keys")
                .then().statusCode(200).extract().path("result.key");
    }

    /** The rate limit a request with {@code key} was counted against ({@code X-RateLimit-Limit}), after checking it was admitted. */
    static int limitSeenBy(String key) {
        var r = given().header("Authorization", "Bearer " + key).when().get("/v1/nowhere");
        if (r.statusCode() != 404) {
            throw new AssertionError("not admitted: " + r.statusCode() + " " + r.body().asString());
        }
        return Integer.parseInt(r.header("X-RateLimit-Limit"));
    }
}
