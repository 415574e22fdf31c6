package io.mediagate.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.agroal.api.AgroalDataSource;
import io.mediagate.testing.Windows;
import io.quarkus.redis.datasource.RedisDataSource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Keys are served from the gateway's cache, and an account's epoch decides when a cached copy is stale:
 * a change written to the database alone is not seen (no query per request), the same change with a new
 * epoch (what the admin API of any replica does) is seen on the very next request.
 */
@QuarkusTest
class KeyCacheIT {
    @Inject
    AgroalDataSource db;
    @Inject
    RedisDataSource redis;
    @Inject
    Epochs epochs;

    @Test
    void aChangeIsSeenOnTheNextRequestOnceTheAccountsEpochMoves() throws Exception {
        Windows.awayFromTheMinuteBoundary();
        String account = Keys.account("free");
        String key = Keys.issue(account).get("key");
        assertEquals(10, Keys.limitSeenBy(key));

        // Another replica's database write, without the epoch renewal its admin call would make: the cached copy stands.
        sql("update accounts set tier = 'pro' where id = ?", account);
        assertEquals(10, Keys.limitSeenBy(key), "served from the cache, not read per request");

        redis.value(String.class).set(epochs.key(account), "renewed-by-another-replica");
        assertEquals(100, Keys.limitSeenBy(key), "the moved epoch makes this replica read the account again");
    }

    @Test
    void aRevocationThroughTheApiRefusesTheCachedKeyAtOnce() {
        String account = Keys.account("basic");
        Map<String, String> key = Keys.issue(account);
        Map<String, String> sibling = Keys.issue(account);
        assertEquals(30, Keys.limitSeenBy(key.get("key")));
        assertEquals(30, Keys.limitSeenBy(sibling.get("key")));
        given().header("Authorization", Keys.ADMIN).when().delete("/v1/admin/keys/" + key.get("id")).then().statusCode(200);
        given().header("Authorization", "Bearer " + key.get("key")).when().get("/v1/models").then().statusCode(401);
        assertEquals(30, Keys.limitSeenBy(sibling.get("key")), "the account's other key still works");
    }

    @Test
    void aTierChangeThroughTheApiAppliesToTheNextRequest() {
        String account = Keys.account("free");
        String key = Keys.issue(account).get("key");
        assertEquals(10, Keys.limitSeenBy(key));
        given().header("Authorization", Keys.ADMIN).contentType("application/json").body(Map.of("tier", "enterprise",
                "limits", Map.of("perMinute", 777))).when().patch("/v1/admin/accounts/" + account).then().statusCode(200);
        assertEquals(777, Keys.limitSeenBy(key));
    }

    @Test
    void anUnknownKeyIsRefusedAndCountedByAddress() {
        var r = given().header("Authorization", "Bearer mg_not_a_key_of_anyone_0123456789012345678901").when().get("/v1/models");
        assertEquals(401, r.statusCode());
        assertEquals("authentication_error", r.path("code"));
        assertEquals("30", r.header("X-RateLimit-Limit"), "the anonymous per-address window");
    }

    private void sql(String statement, String arg) throws Exception {
        try (Connection c = db.getConnection(); PreparedStatement s = c.prepareStatement(statement)) {
            s.setString(1, arg);
            s.executeUpdate();
        }
    }
}
