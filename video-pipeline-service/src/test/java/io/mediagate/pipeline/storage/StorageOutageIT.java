package io.mediagate.pipeline.storage;

import static io.restassured.RestAssured.given;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.tier.Tier;
import io.mediagate.testing.ServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

/**
 * The storage stage alone with media-service unreachable for longer than the outage patience (3 s here): the stage
 * waits the outage out rather than spending its tries, then fails the job as {@code service_unavailable}, not as an
 * internal error, and dead-letters the message.
 */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "pipeline"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "db", value = "false"), @ResourceArg(name = "s3", value = "true")})
@TestProfile(StorageOutageIT.MediaServiceDown.class)
class StorageOutageIT {
    /** A storage-only worker whose media-service never answers, and a short patience. */
    public static class MediaServiceDown implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("mediagate.pipeline.stages", "storage", "mediagate.outage-patience", "3s",
                    "mediagate.media.url", "http://127.0.0.1:1", "mediagate.staging.bucket", "test-pipeline-staging");
        }
    }

    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;
    @TestHTTPResource(value = "/", management = true)
    URL management;

    @Test
    void anOutageLongerThanThePatienceFailsTheJobAsServiceUnavailable() throws Exception {
        String job = "job_" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
        VideoWork work = new VideoWork(new VideoWork.Job(job, "req_test", "usr_test", Tier.PRO, Instant.now()), "med_" + job.substring(4) + "x0",
                new io.mediagate.common.events.MadeBy("local/motion", "local/motion:1.1", "local", "Local", "a test", null, BigDecimal.ZERO),
                new io.mediagate.common.values.Shape("480p", 1.0, 854, 480), new VideoWork.Keep(true, 30), null, null,
                List.of(new VideoWork.StagedFile("jobs/" + job + "/out/480p.mp4", "480p.mp4", "rendition", "mp4", "h264", "480p",
                        854, 480, "video/mp4", 1000)), null, null, null);
        long sent = System.nanoTime();
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap),
                new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>("video.thumbnailed", job, json.writeValueAsString(work))).get();
        }
        List<ConsumerRecord<String, String>> seen = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap,
                "group.id", "test-" + UUID.randomUUID(), "auto.offset.reset", "earliest"), new StringDeserializer(),
                new StringDeserializer())) {
            consumer.subscribe(List.of("video.failed", "video.thumbnailed.dlq", "video.completed"));
            long deadline = System.currentTimeMillis() + 60_000;
            while (seen.stream().filter(r -> job.equals(r.key())).count() < 2 && System.currentTimeMillis() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(seen::add);
            }
        }
        long tookMs = (System.nanoTime() - sent) / 1_000_000;
        List<ConsumerRecord<String, String>> mine = seen.stream().filter(r -> job.equals(r.key())).toList();
        assertTrue(mine.stream().noneMatch(r -> r.topic().equals("video.completed")), "nothing was stored");
        ConsumerRecord<String, String> failed = mine.stream().filter(r -> r.topic().equals("video.failed")).findFirst().orElseThrow();
        VideoWork.Failure failure = json.readValue(failed.value(), VideoWork.class).failure();
        assertEquals(ErrorCode.SERVICE_UNAVAILABLE, failure.errorCode(), failure.toString());
        assertTrue(failure.message().contains("could not be stored"), failure.message());
        assertTrue(mine.stream().anyMatch(r -> r.topic().equals("video.thumbnailed.dlq")), "the message is dead-lettered");
        assertTrue(tookMs >= 3_000, "the outage was waited out for the patience, not given up after three quick tries: " + tookMs);
        String metrics = given().get(management.toString().replaceAll("/+$", "").replaceAll("/q$", "") + "/q/metrics").asString();
        assertTrue(metrics.lines().anyMatch(l -> l.startsWith("mediagate_pipeline_outage_waits_total{")
                && l.contains("stage=\"storage\"") && !l.endsWith(" 0.0")), "outage waits are counted");
    }
}
