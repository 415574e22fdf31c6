package io.mediagate.media.batchfiles;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.media.records.BatchFileRecord;
import io.mediagate.media.retention.Sweeper;
import io.mediagate.media.storage.ObjectStore;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestTokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The Files API's store: a file kept, listed page by page, read back byte for byte, private to its owner, removed. */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "media"), @ResourceArg(name = "s3", value = "true"),
        @ResourceArg(name = "kafka", value = "true")})
class BatchFilesIT {
    private static final String LINE = "{\"custom_id\":\"a\",\"method\":\"POST\",\"url\":\"/v1/images/generations\",\"body\":{\"prompt\":\"x\"}}\n";
    @Inject
    Sweeper sweeper;
    @Inject
    ObjectStore store;

    private static String user() {
        return "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    private static String as(String user) {
        return TestTokens.bearer(user, "free", Set.of("user"));
    }

    private static JsonPath upload(String user, byte[] body, String query, int status) {
        return given().header("Authorization", as(user)).contentType("application/octet-stream").body(body)
                .when().post("/v1/files?purpose=batch&lines=1&filename=in.jsonl" + query)
                .then().statusCode(status).extract().jsonPath();
    }

    @Test
    void aFileIsKeptReadBackAndDeleted() {
        String user = user();
        byte[] bytes = LINE.getBytes(StandardCharsets.UTF_8);
        long before = Instant.now().getEpochSecond();
        JsonPath file = upload(user, bytes, "", 200);
        String id = file.getString("id");
        assertTrue(id.matches("file_[a-f0-9]{32}"), id);
        assertEquals("file", file.getString("object"));
        assertEquals(bytes.length, file.getLong("bytes"));
        assertEquals("in.jsonl", file.getString("filename"));
        assertEquals("batch", file.getString("purpose"));
        assertEquals("processed", file.getString("status"));
        long created = file.getLong("created_at");
        assertTrue(created >= before - 1 && created <= Instant.now().getEpochSecond());
        assertEquals(created + 30L * 24 * 3600, file.getLong("expires_at"), "batch files are kept 30 days by default");

        given().header("Authorization", as(user)).when().get("/v1/files/" + id).then().statusCode(200)
                .body("id", equalTo(id)).body("bytes", equalTo(bytes.length));
        byte[] content = given().header("Authorization", as(user)).when().get("/v1/files/" + id + "/content")
                .then().statusCode(200).header("Content-Type", containsString("application/jsonl"))
                .header("Content-Disposition", containsString("in.jsonl")).extract().asByteArray();
        assertEquals(LINE, new String(content, StandardCharsets.UTF_8));

        String other = user();
        given().header("Authorization", as(other)).when().get("/v1/files/" + id).then().statusCode(404).body("code", equalTo("not_found"));
        given().header("Authorization", as(other)).when().get("/v1/files/" + id + "/content").then().statusCode(404);
        given().header("Authorization", as(other)).when().delete("/v1/files/" + id).then().statusCode(404);

        given().header("Authorization", as(user)).when().delete("/v1/files/" + id).then().statusCode(200)
                .body("id", equalTo(id)).body("object", equalTo("file")).body("deleted", equalTo(true));
        given().header("Authorization", as(user)).when().get("/v1/files/" + id).then().statusCode(404);
        given().header("Authorization", as(user)).when().delete("/v1/files/" + id).then().statusCode(404);
        assertTrue(store.size("files/" + id + ".jsonl").isEmpty(), "the bytes go with the file");
    }

    @Test
    void pagesFollowTheAfterCursorInEitherOrder() {
        String user = user();
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            made.add(upload(user, LINE.getBytes(StandardCharsets.UTF_8), "", 200).getString("id"));
        }
        upload(user(), LINE.getBytes(StandardCharsets.UTF_8), "", 200); // someone else's is never listed
        List<String> newestFirst = follow(user, "desc");
        assertEquals(made.reversed(), newestFirst);
        assertEquals(made, follow(user, "asc"));

        JsonPath page = given().header("Authorization", as(user)).when().get("/v1/files?limit=2").then().statusCode(200)
                .extract().jsonPath();
        assertEquals("list", page.getString("object"));
        assertEquals(made.get(4), page.getString("first_id"));
        assertEquals(made.get(3), page.getString("last_id"));
        assertTrue(page.getBoolean("has_more"));
        given().header("Authorization", as(user)).when().get("/v1/files?purpose=batch_output").then().statusCode(200)
                .body("data.size()", equalTo(0)).body("has_more", equalTo(false));
        given().header("Authorization", as(user)).when().get("/v1/files?limit=0").then().statusCode(400).body("param", equalTo("limit"));
        given().header("Authorization", as(user)).when().get("/v1/files?order=sideways").then().statusCode(400).body("param", equalTo("order"));
        given().header("Authorization", as(user)).when().get("/v1/files?after=file_00000000000000000000000000000000").then()
                .statusCode(200).body("data.size()", equalTo(0)).body("has_more", equalTo(false));
    }

    private static List<String> follow(String user, String order) {
        List<String> ids = new ArrayList<>();
        String after = null;
        boolean more = true;
        while (more) {
            JsonPath page = given().header("Authorization", as(user)).queryParam("limit", 2).queryParam("order", order)
                    .queryParams(after == null ? java.util.Map.of() : java.util.Map.of("after", after))
                    .when().get("/v1/files").then().statusCode(200).extract().jsonPath();
            ids.addAll(page.getList("data.id"));
            after = page.getString("last_id");
            more = page.getBoolean("has_more");
        }
        return ids;
    }

    @Test
    void anExpiredFileIsGoneAndSweptWithItsBytes() {
        String user = user();
        JsonPath file = upload(user, LINE.getBytes(StandardCharsets.UTF_8), "&expires_after=3600", 200);
        String id = file.getString("id");
        assertEquals(file.getLong("created_at") + 3600, file.getLong("expires_at"));
        QuarkusTransaction.requiringNew().run(() -> BatchFileRecord.update("expiresAt = ?1 where id = ?2",
                Instant.now().minusSeconds(1), id));
        given().header("Authorization", as(user)).when().get("/v1/files/" + id).then().statusCode(404);
        sweeper.sweep();
        assertFalse(QuarkusTransaction.requiringNew().call(() -> BatchFileRecord.findByIdOptional(id).isPresent()));
        assertTrue(store.size("files/" + id + ".jsonl").isEmpty());
    }

    @Test
    void whatTheGatewaySaysIsCheckedAgain() {
        String user = user();
        byte[] line = LINE.getBytes(StandardCharsets.UTF_8);
        given().header("Authorization", as(user)).contentType("application/octet-stream").body(line)
                .when().post("/v1/files?purpose=fine-tune&lines=1&filename=a.jsonl").then().statusCode(400).body("param", equalTo("purpose"));
        upload(user, line, "&expires_after=60", 400);
        upload(user, new byte[0], "", 400);
        given().header("Authorization", as(user)).contentType("application/octet-stream").body(line)
                .when().post("/v1/files?purpose=batch&lines=50001&filename=a.jsonl").then().statusCode(400).body("param", equalTo("file"));
    }
}
