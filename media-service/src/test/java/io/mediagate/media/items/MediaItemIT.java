package io.mediagate.media.items;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.media.Registrations;
import io.mediagate.media.storage.ObjectStore;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestImages;
import io.mediagate.testing.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "media"), @ResourceArg(name = "s3", value = "true"),
        @ResourceArg(name = "kafka", value = "true")})
class MediaItemIT {
    @Inject
    ObjectStore store;
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;

    private static String as(String user) {
        return TestTokens.bearer(user, "free", Set.of("user"));
    }

    private static String stored(String owner, boolean isPublic, int retentionDays) throws Exception {
        String id = "med_" + UUID.randomUUID().toString().replace("-", "");
        Registrations.image(id, owner, isPublic, "p", TestImages.png(8, 8), "image/png", "local/pattern:2.0", "local", retentionDays)
                .then().statusCode(200);
        return id;
    }

    @Test
    void onlyTheOwnerSeesAPrivateItemAndChangesItsVisibility() throws Exception {
        String id = stored("usr_olga", false, 7);
        given().header("Authorization", as("usr_peter")).when().get("/v1/media/" + id)
                .then().statusCode(403).body("code", equalTo("permission_denied"));
        given().header("Authorization", as("usr_peter")).contentType("application/json").body("{\"public\":true}")
                .when().patch("/v1/media/" + id).then().statusCode(403);
        given().header("Authorization", as("usr_olga")).contentType("application/json").body("{\"public\":true}")
                .when().patch("/v1/media/" + id).then().statusCode(200).body("result.media.public", equalTo(true));
        given().header("Authorization", as("usr_peter")).when().get("/v1/media/" + id).then().statusCode(200);
        given().header("Authorization", as("usr_olga")).when().get("/v1/media/med_nosuchthing0")
                .then().statusCode(404).body("code", equalTo("not_found"));
    }

    @Test
    void aPrivateFileIsServedOnlyAtItsSignedExpiringAddress() throws Exception {
        String id = stored("usr_tina", false, 7);
        given().when().get("/files/" + id + ".png").then().statusCode(404);
        String url = given().header("Authorization", as("usr_tina")).when().get("/v1/media/" + id)
                .then().statusCode(200).extract().path("result.media.url");
        java.net.URI signed = java.net.URI.create(url);
        assertTrue(signed.getQuery().contains("signature="), url);
        given().when().get(signed.getPath() + "?" + signed.getRawQuery()).then().statusCode(200)
                .contentType("image/png").header("Cache-Control", org.hamcrest.Matchers.startsWith("private, max-age="));
        given().when().get(signed.getPath() + "?" + tampered(signed.getRawQuery()))
                .then().statusCode(404);
        given().when().get(signed.getPath() + "?" + signed.getRawQuery().replaceAll("expires=[0-9]+", "expires=9999999999"))
                .then().statusCode(404);
        given().when().get(signed.getPath() + "?" + signed.getRawQuery().replaceAll("expires=[0-9]+", "expires=1000"))
                .then().statusCode(404);
        String other = stored("usr_tina", false, 7);
        given().when().get("/files/" + other + ".png?" + signed.getRawQuery()).then().statusCode(404);
    }

    /** The query with the signature's first character changed to a different one (never the same character). */
    private static String tampered(String query) {
        int at = query.indexOf("signature=") + "signature=".length();
        char first = query.charAt(at);
        return query.substring(0, at) + (first == 'A' ? 'B' : 'A') + query.substring(at + 1);
    }

    @Test
    void retentionIsExtendedFromNowUpToTheTiersMaximum() throws Exception {
        String id = stored("usr_quinn", true, 1);
        String expires = given().header("Authorization", as("usr_quinn")).contentType("application/json").body("{\"retainDays\":6}")
                .when().patch("/v1/media/" + id).then().statusCode(200).extract().path("result.media.expiresAt");
        Duration left = Duration.between(Instant.now(), Instant.parse(expires));
        assertTrue(left.compareTo(Duration.ofDays(6).minusMinutes(5)) > 0 && left.compareTo(Duration.ofDays(6)) <= 0, left.toString());
        given().header("Authorization", as("usr_quinn")).contentType("application/json").body("{\"retainDays\":8}")
                .when().patch("/v1/media/" + id).then().statusCode(400).body("param", equalTo("retainDays"));
        given().header("Authorization", as("usr_quinn")).contentType("application/json").body("{}")
                .when().patch("/v1/media/" + id).then().statusCode(400);
    }

    @Test
    void deletingRemovesTheItemItsFileAndTellsTheLedger() throws Exception {
        String id = stored("usr_rita", true, 7);
        given().header("Authorization", as("usr_sam")).when().delete("/v1/media/" + id).then().statusCode(403);
        given().header("Authorization", as("usr_rita")).when().delete("/v1/media/" + id)
                .then().statusCode(200).body("result.deleted", equalTo(true));
        given().header("Authorization", as("usr_rita")).when().get("/v1/media/" + id).then().statusCode(404);
        given().when().get("/files/" + id + ".png").then().statusCode(404);
        assertTrue(store.open("media/" + id + ".png", null, null).isEmpty(), "the object is gone from the bucket");

        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap,
                "group.id", "test-" + UUID.randomUUID(), "auto.offset.reset", "earliest"), new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(List.of("storage.events"));
            List<String> changes = new java.util.ArrayList<>();
            long deadline = System.currentTimeMillis() + 30_000;
            while (changes.size() < 2 && System.currentTimeMillis() < deadline) {
                for (ConsumerRecord<String, String> r : consumer.poll(Duration.ofMillis(500))) {
                    if (id.equals(r.key())) {
                        JsonNode event = json.readTree(r.value());
                        changes.add(event.path("change").asText() + ":" + event.path("bytes").asLong());
                    }
                }
            }
            assertEquals(2, changes.size(), changes.toString());
            assertEquals("stored", changes.get(0).split(":")[0]);
            assertEquals("deleted", changes.get(1).split(":")[0]);
            assertEquals(changes.get(0).split(":")[1], changes.get(1).split(":")[1], "the same bytes leave as came");
        }
    }
}
