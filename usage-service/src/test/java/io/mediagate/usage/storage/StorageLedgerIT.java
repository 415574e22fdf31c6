package io.mediagate.usage.storage;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.StorageEvent;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestTokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "usage"), @ResourceArg(name = "kafka", value = "true")})
class StorageLedgerIT {
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;

    private void publish(StorageEvent... events) throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap),
                new StringSerializer(), new StringSerializer())) {
            for (StorageEvent e : events) {
                producer.send(new ProducerRecord<>("storage.events", e.mediaId(), json.writeValueAsString(e))).get();
            }
        }
    }

    private static StorageEvent event(String media, String user, long bytes, String change) {
        return new StorageEvent(media, user, "image", bytes, change, Instant.parse("2026-11-01T10:00:00Z"));
    }

    private static String id() {
        return "med_" + UUID.randomUUID().toString().replace("-", "");
    }

    @Test
    void storedBytesCountEachItemOnceAndForgetDeletedOnes() throws Exception {
        String user = "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String kept = id();
        String removed = id();
        publish(event(kept, user, 1000, StorageEvent.STORED), event(kept, user, 1000, StorageEvent.STORED),
                event(removed, user, 250, StorageEvent.STORED), event(removed, user, 250, StorageEvent.DELETED),
                event(removed, user, 250, StorageEvent.DELETED), event(id(), "usr_someoneelse", 77, StorageEvent.STORED));
        await().atMost(Duration.ofSeconds(30)).until(() -> QuarkusTransaction.requiringNew().call(() -> {
            StoredMedia m = StoredMedia.findById(removed);
            return m != null && m.deletedAt != null;
        }) && QuarkusTransaction.requiringNew().call(() -> StoredMedia.findById(kept) != null));
        given().header("Authorization", TestTokens.bearer(user, "free", Set.of(InternalToken.USER)))
                .get("/internal/v1/usage")
                .then().statusCode(200)
                .body("storage.usedBytes", equalTo(1000));
    }
}
