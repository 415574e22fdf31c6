package io.mediagate.gateway.admin;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.gateway.GatewayTestResources;
import io.mediagate.gateway.auth.Scope;
import io.mediagate.gateway.auth.ScopeRules;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Keys with names, scopes, expiry, budgets and their last use; rotation; refusals by scope and expiry. */
@QuarkusTest
class KeyAdminIT {
    private static final String ADMIN = "Bearer " + GatewayTestResources.ADMIN_KEY;

    private static String account() {
        return given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("name", "keys", "tier", "pro"))
                .when().post("/v1/admin/accounts").then().statusCode(200).extract().path("result.account.id");
    }

    private static Response issue(String account, Map<String, Object> settings) {
        return given().header("Authorization", ADMIN).contentType("application/json").body(settings)
                .when().post("/v1/admin/accounts/" + account + "/keys");
    }

    private static Map<String, Object> listed(String account, String keyId) {
        List<Map<String, Object>> keys = given().header("Authorization", ADMIN).when().get("/v1/admin/accounts/" + account + "/keys")
                .then().statusCode(200).extract().path("result.keys");
        return keys.stream().filter(k -> keyId.equals(k.get("id"))).findFirst().orElseThrow();
    }

    /** The status a request with {@code key} gets from an endpoint (the owners are down here: allowed reads answer 503). */
    private static int status(String key, String method, String path) {
        return given().header("Authorization", "Bearer " + key).contentType("application/json").body("{}")
                .when().request(method, path).statusCode();
    }

    /** Every route of the API reference but the files, as {method, path} with its path parameters filled in. */
    private static List<String[]> routes() {
        Map<String, Map<String, Object>> paths = given().when().get("/v1/openapi.json").then().statusCode(200).extract().path("paths");
        List<String[]> routes = new ArrayList<>();
        paths.forEach((path, operations) -> {
            if (!path.startsWith("/files/") && !path.startsWith("/v1/admin")) {
                String filled = path.replace("{id}", path.contains("/media") ? "med_abcdefghij" : "job_abcdefghij").replaceAll("\\{[^}]+}", "x");
                operations.keySet().forEach(method -> routes.add(new String[] {method.toUpperCase(Locale.ROOT), filled}));
            }
        });
        assertTrue(routes.size() > 20, "the reference lists the routes: " + routes.size());
        return routes;
    }

    @Test
    void aKeyCarriesItsSettingsAndIsListedWithoutItsSecret() {
        String account = account();
        String expires = Instant.now().plus(Duration.ofDays(30)).toString();
        Response issued = issue(account, Map.of("name", "ci pipeline", "scopes", List.of("images", "usage"), "expiresAt", expires,
                "budget", Map.of("daily", 2.5, "monthly", 40)));
        issued.then().statusCode(200)
                .body("result.key.key", containsString("mg_"))
                .body("result.key.name", equalTo("ci pipeline"))
                .body("result.key.scopes", hasItems("images", "usage"))
                .body("result.key.budget.daily", equalTo(2.5f));
        String id = issued.path("result.key.id");
        String secret = issued.path("result.key.key");
        Map<String, Object> listed = listed(account, id);
        assertTrue(listed.get("name").equals("ci pipeline") && listed.get("status").equals("active"), listed.toString());
        assertTrue(listed.get("lastUsedAt") == null, "not used yet");
        assertFalse(listed.toString().contains(secret), "a listed key never shows its secret");

        given().header("Authorization", "Bearer " + secret).when().get("/v1/nowhere").then().statusCode(404);
        await().atMost(Duration.ofSeconds(10)).until(() -> listed(account, id).get("lastUsedAt") != null);
    }

    @Test
    void aRequestOutsideTheKeysScopesIs403NamingTheScope() {
        String account = account();
        String key = issue(account, Map.of("scopes", List.of("usage"))).then().statusCode(200).extract().path("result.key.key");
        given().header("Authorization", "Bearer " + key).contentType("application/json").body("{\"model\":\"a/b\",\"prompt\":\"x\"}")
                .when().post("/v1/images/generations").then().statusCode(403)
                .body("code", equalTo("permission_denied"))
                .body("message", containsString("images"))
                .body("required_scopes", hasItems("images"));
        // Every route of the API reference: refused by scope exactly where its scope is not the key's.
        for (String[] route : routes()) {
            Set<Scope> needed = ScopeRules.required(route[0], route[1]);
            int status = status(key, route[0], route[1]);
            if (!needed.isEmpty() && !needed.contains(Scope.USAGE)) {
                assertEquals(403, status, route[0] + " " + route[1] + " needs " + needed);
            } else {
                assertNotEquals(403, status, route[0] + " " + route[1]);
            }
        }
        // Allowed: the usage read and the catalog pass the scope check (their owners are down in this test: 503).
        assertEquals(503, status(key, "GET", "/v1/usage"));
        assertEquals(503, status(key, "GET", "/v1/models"));
        // A key issued without scopes may do everything its account can.
        String full = issue(account, Map.of()).then().statusCode(200).body("result.key.scopes", nullValue()).extract().path("result.key.key");
        assertEquals(503, status(full, "GET", "/v1/media"));
    }

    @Test
    void changedScopesApplyFromTheNextRequest() {
        String account = account();
        Map<String, String> key = issue(account, Map.of("scopes", List.of("media:read"))).then().statusCode(200).extract().path("result.key");
        assertEquals(503, status(key.get("key"), "GET", "/v1/media"));
        given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("scopes", List.of("usage"), "name", "renamed"))
                .when().patch("/v1/admin/keys/" + key.get("id")).then().statusCode(200)
                .body("result.key.scopes", equalTo(List.of("usage"))).body("result.key.name", equalTo("renamed"));
        assertEquals(403, status(key.get("key"), "GET", "/v1/media"));
        given().header("Authorization", ADMIN).contentType("application/json").body("{\"scopes\": null}")
                .when().patch("/v1/admin/keys/" + key.get("id")).then().statusCode(200).body("result.key.scopes", nullValue());
        assertEquals(503, status(key.get("key"), "GET", "/v1/media"));
    }

    @Test
    void anExpiredKeyIs401SayingSo() throws Exception {
        String account = account();
        Map<String, String> key = issue(account, Map.of("expiresAt", Instant.now().plusSeconds(2).toString()))
                .then().statusCode(200).extract().path("result.key");
        given().header("Authorization", "Bearer " + key.get("key")).when().get("/v1/nowhere").then().statusCode(404);
        Thread.sleep(2500);
        given().header("Authorization", "Bearer " + key.get("key")).when().get("/v1/models").then().statusCode(401)
                .body("code", equalTo("authentication_error")).body("message", containsString("expired"));
        // Expiry is checked as the request is admitted, before its route: a few kinds of route show it (an expired key
        // counts against the per-address limit, as an unknown one does, so not every route here).
        for (String[] route : new String[][] {{"POST", "/v1/images/generations"}, {"GET", "/v1/media"}, {"DELETE", "/v1/jobs/job_abcdefghij"}}) {
            assertEquals(401, status(key.get("key"), route[0], route[1]), route[0] + " " + route[1] + " with an expired key");
        }
        assertEquals("expired", listed(account, key.get("id")).get("status"));
    }

    @Test
    void rotationIssuesANewKeyAndEndsTheOldOneAfterItsGrace() {
        String account = account();
        Map<String, String> old = issue(account, Map.of("name", "web", "scopes", List.of("usage"))).then().statusCode(200).extract().path("result.key");
        Response rotated = given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("graceSeconds", 3600))
                .when().post("/v1/admin/keys/" + old.get("id") + "/rotate");
        rotated.then().statusCode(200).body("result.key.name", equalTo("web")).body("result.key.scopes", equalTo(List.of("usage")))
                .body("result.previous.expiresAt", notNullValue());
        String fresh = rotated.path("result.key.key");
        assertEquals(503, status(fresh, "GET", "/v1/usage"));
        assertEquals(503, status(old.get("key"), "GET", "/v1/usage"), "the old key works during its grace");
        given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("graceSeconds", 0))
                .when().post("/v1/admin/keys/" + old.get("id") + "/rotate").then().statusCode(200);
        given().header("Authorization", "Bearer " + old.get("key")).when().get("/v1/usage").then().statusCode(401)
                .body("message", containsString("expired"));
        given().header("Authorization", ADMIN).when().post("/v1/admin/keys/key_nothing/rotate").then().statusCode(404);
    }

    @Test
    void invalidSettingsAre400() {
        String account = account();
        issue(account, Map.of("scopes", List.of("images", "everything"))).then().statusCode(400).body("param", equalTo("scopes"));
        issue(account, Map.of("scopes", List.of())).then().statusCode(400).body("param", equalTo("scopes"));
        issue(account, Map.of("scopes", "images")).then().statusCode(400).body("param", equalTo("scopes"));
        issue(account, Map.of("expiresAt", "2020-01-01T00:00:00Z")).then().statusCode(400).body("param", equalTo("expiresAt"));
        issue(account, Map.of("expiresAt", "tomorrow")).then().statusCode(400).body("param", equalTo("expiresAt"));
        issue(account, Map.of("budget", Map.of("daily", -1))).then().statusCode(400).body("param", equalTo("budget"));
        issue(account, Map.of("budget", Map.of("dialy", 1))).then().statusCode(400).body("param", equalTo("budget"));
        issue(account, Map.of("name", "")).then().statusCode(400).body("param", equalTo("name"));
        given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("budget", Map.of("monthly", "lots")))
                .when().patch("/v1/admin/accounts/" + account).then().statusCode(400).body("param", equalTo("budget"));
        given().header("Authorization", ADMIN).contentType("application/json").body(Map.of("budget", Map.of("daily", 5, "monthly", 100)))
                .when().patch("/v1/admin/accounts/" + account).then().statusCode(200)
                .body("result.account.budget.daily", equalTo(5)).body("result.account.budget.monthly", equalTo(100));
    }
}
