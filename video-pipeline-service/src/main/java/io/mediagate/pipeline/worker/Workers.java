package io.mediagate.pipeline.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.tracing.Tracing;
import io.mediagate.staging.StagingBucket;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.kafka.KafkaClientMetrics;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.common.annotation.Identifier;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Starts one {@link StageWorker} per consumer of each stage named in {@code mediagate.pipeline.stages} (the transcode
 * stage has two: its own and the playable one), each on its own thread with its own consumer; all share one idempotent
 * producer. An unknown stage name stops start-up.
 */
@Singleton
public class Workers {
    private static final Logger LOG = Logger.getLogger(Workers.class);
    private final List<StageWorker> workers = new ArrayList<>();
    private final List<Thread> threads = new ArrayList<>();
    private final Map<String, Object> kafka;
    private final PipelineConfig config;
    private final Instance<Step> steps;
    private final ObjectMapper json;
    private final Instance<StagingBucket> staging;
    private final MeterRegistry registry;
    private final Tracing tracing;
    private final Duration outagePatience;
    private final Clock clock;
    private final Unfinished unfinished;
    private final List<KafkaClientMetrics> clientMetrics = new ArrayList<>();
    private KafkaProducer<String, String> producer;

    Workers(@Identifier("default-kafka-broker") Map<String, Object> kafka, PipelineConfig config, Instance<Step> steps,
            ObjectMapper json, Instance<StagingBucket> staging, MeterRegistry registry, Tracing tracing,
            @ConfigProperty(name = "mediagate.outage-patience") Duration outagePatience, Clock clock, Unfinished unfinished) {
        this.kafka = kafka;
        this.config = config;
        this.steps = steps;
        this.json = json;
        this.staging = staging;
        this.registry = registry;
        this.tracing = tracing;
        this.outagePatience = outagePatience;
        this.clock = clock;
        this.unfinished = unfinished;
    }

    void start(@Observes StartupEvent ignored) {
        Map<String, List<Step>> known = steps.stream().collect(Collectors.groupingBy(Step::partOf));
        List<Step> chosen = new ArrayList<>();
        for (String name : config.stageNames()) {
            List<Step> consumers = known.get(name);
            if (consumers == null) {
                throw new IllegalStateException("unknown pipeline stage '" + name + "' in mediagate.pipeline.stages; known: " + known.keySet());
            }
            chosen.addAll(consumers);
        }
        producer = new KafkaProducer<>(producerConfig(), new StringSerializer(), new StringSerializer());
        for (Step step : chosen) {
            KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig(step), new StringDeserializer(),
                    new StringDeserializer());
            // Kafka's own consumer metrics, the lag among them, tagged with this consumer's client id.
            KafkaClientMetrics kafkaMetrics = new KafkaClientMetrics(consumer);
            kafkaMetrics.bindTo(registry);
            clientMetrics.add(kafkaMetrics);
            StageWorker worker = new StageWorker(step, consumer, producer, json, staging.get(), config,
                    outagePatience, clock, new StageMetrics(registry, step.name()), tracing, unfinished);
            Thread thread = Thread.ofPlatform().name("pipeline-" + step.name()).daemon().start(worker);
            workers.add(worker);
            threads.add(thread);
            LOG.infof("pipeline stage %s: %s -> %s", step.name(), step.input(), step.output());
        }
    }

    void stop(@Observes ShutdownEvent ignored) {
        workers.forEach(StageWorker::stop);
        clientMetrics.forEach(KafkaClientMetrics::close);
        for (Thread t : threads) {
            try {
                t.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        if (producer != null) {
            producer.close();
        }
    }

    /** Each stage and its state (running, starting, stopped, failed: …). */
    public Map<String, String> states() {
        Map<String, String> states = new LinkedHashMap<>();
        workers.forEach(w -> states.put(w.step().name(), w.state()));
        return states;
    }

    /** Where the broker is and how to log in to it (SASL and TLS, as every other client of the service does). */
    private Map<String, Object> base() {
        Map<String, Object> props = new HashMap<>();
        props.put("bootstrap.servers", kafka.get("bootstrap.servers"));
        kafka.forEach((name, value) -> {
            if (name.startsWith("security.") || name.startsWith("sasl.") || name.startsWith("ssl.")) {
                props.put(name, value);
            }
        });
        return props;
    }

    private Map<String, Object> producerConfig() {
        Map<String, Object> props = base();
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, true);
        props.put(ProducerConfig.CLIENT_ID_CONFIG, "pipeline-producer");
        return props;
    }

    private Map<String, Object> consumerConfig(Step step) {
        Map<String, Object> props = base();
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "pipeline-" + step.name());
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "pipeline-" + step.name());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 1);
        // A worker that dies hands its partitions on after 10 s of silence rather than Kafka's default 45 s.
        props.put(ConsumerConfig.SESSION_TIMEOUT_MS_CONFIG, 10_000);
        props.put(ConsumerConfig.HEARTBEAT_INTERVAL_MS_CONFIG, 3_000);
        // One message may take a whole step timeout and its retries, and an outage waited out, before the next poll.
        long budget = config.stepTimeout().multipliedBy(config.maxAttempts()).plus(outagePatience).plusMinutes(5).toMillis();
        props.put(ConsumerConfig.MAX_POLL_INTERVAL_MS_CONFIG, (int) Math.min(Integer.MAX_VALUE, budget));
        return props;
    }
}
