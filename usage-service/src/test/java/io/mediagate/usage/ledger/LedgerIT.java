package io.mediagate.usage.ledger;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.GenerationEvent;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.values.MediaKind;
import io.mediagate.testing.ServiceResource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "usage"), @ResourceArg(name = "kafka", value = "true")})
class LedgerIT {
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;

    private void publish(GenerationEvent event) throws Exception {
        publish(event, event.jobId());
    }

    /** Records with one key land on one partition, in order. */
    private void publish(GenerationEvent event, String key) throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap),
                new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>("generation.events", key, json.writeValueAsString(event))).get();
        }
    }

    private static GenerationEvent event(String jobId, String user, JobStatus status, String price) {
        return new GenerationEvent(jobId, user, MediaKind.IMAGE, status, "local/pattern", "local",
                new BigDecimal(price), 2, List.of(), Instant.parse("2026-11-01T10:00:00Z"), null);
    }

    private static Charge charge(String jobId) {
        return QuarkusTransaction.requiringNew().call(() -> Charge.<Charge>findById(jobId));
    }

    @Test
    void aRedeliveredEventIsBookedOnce() throws Exception {
        String job = "job_" + UUID.randomUUID().toString().replace("-", "");
        publish(event(job, "usr_ledger", JobStatus.SUCCEEDED, "0.08"));
        publish(event(job, "usr_ledger", JobStatus.SUCCEEDED, "0.08"));
        String marker = "job_" + UUID.randomUUID().toString().replace("-", "");
        // Same key as the job: once the marker is booked, both copies of the job were consumed before it.
        publish(event(marker, "usr_ledger", JobStatus.SUCCEEDED, "0.01"), job);
        await().atMost(Duration.ofSeconds(30)).until(() -> charge(marker) != null);
        long booked = QuarkusTransaction.requiringNew().call(() -> Charge.count("userId", "usr_ledger"));
        assertEquals(2, booked);
        assertEquals(0, new BigDecimal("0.08").compareTo(charge(job).price));
        assertEquals(2, charge(job).items);
    }

    @Test
    void aFailedAttemptItsProviderBillsIsProviderSpendOnceAndTheCallerIsNotCharged() throws Exception {
        String job = "job_" + UUID.randomUUID().toString().replace("-", "");
        GenerationEvent event = new GenerationEvent(job, "usr_lost", MediaKind.IMAGE, JobStatus.FAILED, "acme/m", null,
                BigDecimal.ZERO, 0, List.of(new io.mediagate.common.events.Stats.Attempt("slow", io.mediagate.common.events.Stats.Outcome.FAILURE, "provider_timeout", 60_000,
                "timeout", new BigDecimal("0.04")), new io.mediagate.common.events.Stats.Attempt("down", io.mediagate.common.events.Stats.Outcome.FAILURE, "provider_error", 20,
                "transient")), Instant.parse("2026-11-01T10:00:00Z"), null);
        publish(event);
        publish(event);
        await().atMost(Duration.ofSeconds(30)).until(() -> charge(job) != null);
        assertEquals(0, BigDecimal.ZERO.compareTo(charge(job).price), "the caller pays nothing for a failed generation");
        List<LostAttempt> lost = QuarkusTransaction.requiringNew().call(() -> LostAttempt.<LostAttempt>list("jobId", job));
        assertEquals(1, lost.size(), "booked once, and only the billed attempt");
        assertEquals("slow", lost.getFirst().provider);
        assertEquals(0, new BigDecimal("0.04").compareTo(lost.getFirst().billed));
    }

    @Test
    void aFailedGenerationCostsNothing() throws Exception {
        String job = "job_" + UUID.randomUUID().toString().replace("-", "");
        publish(event(job, "usr_failed", JobStatus.FAILED, "0.50"));
        await().atMost(Duration.ofSeconds(30)).until(() -> charge(job) != null);
        assertEquals(0, BigDecimal.ZERO.compareTo(charge(job).price));
        assertEquals(0, charge(job).items);
    }
}
