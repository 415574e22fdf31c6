package io.mediagate.gateway.limits;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.gateway.GatewayTestResources;
import io.mediagate.testing.Windows;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

@QuarkusTest
class RateLimitIT {
    private static String freeKey() {
        String account = given().header("Authorization", "Bearer " + GatewayTestResources.ADMIN_KEY).contentType("application/json")
                .body(Map.of("name", "limited", "tier", "free")).when().post("/v1/admin/accounts")
                .then().statusCode(200).extract().path("result.account.id");
        return given().header("Authorization", "Bearer " + GatewayTestResources.ADMIN_KEY).when().post("/v1/admin/accounts/" + account + "/keys")
                .then().statusCode(200).extract().path("result.key.key");
    }


    @Test
    void aFreeKeysEleventhRequestOfAMinuteIsRefusedWithTheFullContract() throws Exception {
        Windows.awayFromTheMinuteBoundary();
        String key = freeKey();
        for (int i = 1; i <= 10; i++) {
            // The owner service is down in this test (503): refused or not, every request counts and carries headers.
            Response r = given().header("Authorization", "Bearer " + key).when().get(i % 2 == 0 ? "/v1/models" : "/v1/nowhere");
            assertTrue(r.statusCode() == 503 || r.statusCode() == 404, "request " + i + ": " + r.statusCode());
            assertEquals("10", r.header("X-RateLimit-Limit"));
            assertEquals(String.valueOf(10 - i), r.header("X-RateLimit-Remaining"));
            assertTrue(Long.parseLong(r.header("X-RateLimit-Reset")) > Instant.now().getEpochSecond());
        }
        Response refused = given().header("Authorization", "Bearer " + key).when().get("/v1/models");
        assertEquals(429, refused.statusCode());
        assertEquals("rate_limit_exceeded", refused.path("code"));
        assertEquals(false, refused.path("success"));
        assertEquals("minute", refused.path("limit"));
        int retryAfter = refused.path("retry_after");
        assertTrue(retryAfter >= 1 && retryAfter <= 60, "retry_after " + retryAfter);
        assertEquals(String.valueOf(retryAfter), refused.header("Retry-After"));
        assertEquals("0", refused.header("X-RateLimit-Remaining"));
        assertEquals("10", refused.header("X-RateLimit-Limit"));
        assertNotNull(refused.header("X-Request-Id"));
    }

    @Test
    void fiftyConcurrentClientsGetExactlyTheLimit() throws Exception {
        Windows.awayFromTheMinuteBoundary();
        String key = freeKey();
        ExecutorService pool = Executors.newFixedThreadPool(50);
        List<Future<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            calls.add(pool.submit(() -> given().header("Authorization", "Bearer " + key).when().get("/v1/models").statusCode()));
        }
        int refused = 0;
        for (Future<Integer> call : calls) {
            refused += call.get() == 429 ? 1 : 0;
        }
        pool.shutdown();
        assertEquals(40, refused, "exactly 10 of 50 allowed");
    }

    @Test
    void unauthenticatedCallersAreLimitedPerAddress() throws Exception {
        Windows.awayFromTheMinuteBoundary();
        Response last = null;
        for (int i = 0; i < 31 && (last == null || last.statusCode() != 429); i++) {
            last = given().when().get("/v1/models");
            assertNotNull(last.header("X-RateLimit-Remaining"), "headers on unauthenticated answers too");
        }
        assertEquals(429, last.statusCode(), "the anonymous limit is 30 per minute per address");
        assertEquals("rate_limit_exceeded", last.path("code"));
        assertEquals("30", last.header("X-RateLimit-Limit"));
    }
}
