package io.mediagate.gateway.auth;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.agroal.api.AgroalDataSource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * With every database connection taken, keys already in the cache keep working (the hot path reads no
 * database), and a key that cannot be checked gets 503 with Retry-After: never a 500, and never the
 * anonymous 429 of a limit that is not the caller's.
 */
@QuarkusTest
@TestProfile(ExhaustedPoolIT.SmallPool.class)
class ExhaustedPoolIT {
    public static class SmallPool implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("quarkus.datasource.jdbc.max-size", "2", "quarkus.datasource.jdbc.min-size", "0",
                    "quarkus.datasource.jdbc.acquisition-timeout", "500ms");
        }
    }

    @Inject
    AgroalDataSource db;

    @Test
    void keysThatCannotBeCheckedAre503WithRetryAfterWhileCachedKeysWork() throws Exception {
        String cached = Keys.issue(Keys.account("pro")).get("key");
        String fresh = Keys.issue(Keys.account("pro")).get("key");
        assertEquals(100, Keys.limitSeenBy(cached));

        List<Connection> held = new ArrayList<>();
        try {
            held.add(db.getConnection());
            held.add(db.getConnection());
            assertEquals(100, Keys.limitSeenBy(cached), "a cached key needs no connection");
            for (int i = 0; i < 31; i++) { // more than the anonymous limit of an address: none may become a 429
                assertUnavailable(given().header("Authorization", "Bearer " + fresh).when().get("/v1/models"));
            }
            assertUnavailable(given().header("Authorization", Keys.ADMIN).contentType("application/json")
                    .body(Map.of("name", "x")).when().post("/v1/admin/accounts"));
        } finally {
            for (Connection c : held) {
                c.close();
            }
        }
        assertEquals(100, Keys.limitSeenBy(fresh), "checked once a connection is free again");
    }

    private static void assertUnavailable(Response r) {
        assertEquals(503, r.statusCode(), r.body().asString());
        assertEquals("service_unavailable", r.path("code"));
        assertEquals(false, r.path("success"));
        assertNotNull(r.header("Retry-After"), "503 says when to retry");
        assertEquals(r.header("Retry-After"), String.valueOf((Integer) r.path("retry_after")));
    }
}
