package io.mediagate.gateway.api;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.matchesPattern;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.startsWith;

import io.mediagate.gateway.GatewayTestResources;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class GatewayApiIT {
    static final String ADMIN = GatewayTestResources.ADMIN_KEY;

    private static String userKey(String tier) {
        String account = given().header("Authorization", "Bearer " + ADMIN).contentType("application/json")
                .body(Map.of("name", "tester", "tier", tier))
                .when().post("/v1/admin/accounts")
                .then().statusCode(200).body("result.account.tier", equalTo(tier)).extract().path("result.account.id");
        return given().header("Authorization", "Bearer " + ADMIN)
                .when().post("/v1/admin/accounts/" + account + "/keys")
                .then().statusCode(200).body("result.key.key", startsWith("mg_")).extract().path("result.key.key");
    }

    private static void assertFailure(ValidatableResponse response, int status, String code) {
        response.statusCode(status)
                .header("X-Request-Id", startsWith("req_"))
                .body("success", equalTo(false))
                .body("code", equalTo(code))
                .body("message", notNullValue())
                .body("error.code", equalTo(code))
                .body("request_id", startsWith("req_"));
    }

    @Test
    void missingUnknownAndMalformedKeysAre401() {
        assertFailure(given().when().get("/v1/models").then(), 401, "authentication_error");
        assertFailure(given().header("Authorization", "Bearer mg_nope").when().get("/v1/models").then(), 401, "authentication_error");
        assertFailure(given().header("Authorization", "Basic dXNlcjpwYXNz").when().get("/v1/models").then(), 401, "authentication_error");
        assertFailure(given().header("Authorization", "Bearer mg_nope").contentType("application/json").body("{}")
                .when().post("/v1/images/generations").then(), 401, "authentication_error");
    }

    @Test
    void issuedKeysAuthenticateAndUserKeysCannotAdminister() {
        String key = userKey("basic");
        assertFailure(given().header("Authorization", "Bearer " + key).contentType("application/json")
                .body(Map.of("name", "x")).when().post("/v1/admin/accounts").then(), 403, "permission_denied");
        // Authenticated: the owner service is down in this test, so the read fails as 503, not 401.
        assertFailure(given().header("Authorization", "Bearer " + key).when().get("/v1/models").then(), 503, "service_unavailable");
    }

    @Test
    void unknownRoutesAndWrongMethodsUseTheEnvelope() {
        String key = userKey("free");
        assertFailure(given().header("Authorization", "Bearer " + key).when().get("/v1/nothing-here").then(), 404, "not_found");
        assertFailure(given().when().get("/nothing").then(), 404, "not_found");
        assertFailure(given().header("Authorization", "Bearer " + key).when().get("/v1/images/generations").then(), 405, "method_not_allowed");
    }

    @Test
    void adminInputIsValidated() {
        assertFailure(given().header("Authorization", "Bearer " + ADMIN).contentType("application/json")
                .body(Map.of("name", "x", "tier", "platinum")).when().post("/v1/admin/accounts").then(), 400, "invalid_request");
        assertFailure(given().header("Authorization", "Bearer " + ADMIN)
                .when().post("/v1/admin/accounts/usr_missing/keys").then(), 404, "not_found");
    }

    @Test
    void theCallersRequestIdIsEchoed() {
        given().header("X-Request-Id", "trace-42").when().get("/v1/models")
                .then().statusCode(401).header("X-Request-Id", equalTo("trace-42")).body("request_id", equalTo("trace-42"));
        given().header("X-Request-Id", "bad id with spaces").when().get("/v1/models")
                .then().statusCode(401).header("X-Request-Id", matchesPattern("req_[0-9a-f]{32}"));
    }
}
