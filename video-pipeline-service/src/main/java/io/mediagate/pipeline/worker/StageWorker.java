package io.mediagate.pipeline.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.tracing.KafkaTraceHeaders;
import io.mediagate.common.tracing.Tracing;
import io.mediagate.ffmpeg.Scratch;
import io.mediagate.staging.StagingBucket;
import io.opentelemetry.api.trace.SpanKind;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.jboss.logging.Logger;

/**
 * Runs one {@link Step} as a member of the consumer group {@code pipeline-<step>}: one message at a time,
 * its offset committed only once the result is on the output topic, so a crash redoes the message
 * (steps are idempotent) and loses none. Transient failures are retried with backoff; a message that
 * still fails, or cannot be read, goes to {@code <input>.dlq} and its job is reported on
 * {@code video.failed}. Jobs whose owner cancelled them are skipped.
 */
final class StageWorker implements Runnable {
    private static final Logger LOG = Logger.getLogger(StageWorker.class);
    private final Step step;
    private final KafkaConsumer<String, String> consumer;
    private final KafkaProducer<String, String> producer;
    private final ObjectMapper json;
    private final StagingBucket staging;
    private final PipelineConfig config;
    private final StageMetrics metrics;
    private final Tracing tracing;
    private final AtomicReference<String> state = new AtomicReference<>("starting");
    private volatile boolean running = true;

    StageWorker(Step step, KafkaConsumer<String, String> consumer, KafkaProducer<String, String> producer,
                ObjectMapper json, StagingBucket staging, PipelineConfig config, StageMetrics metrics, Tracing tracing) {
        this.step = step;
        this.consumer = consumer;
        this.producer = producer;
        this.json = json;
        this.staging = staging;
        this.config = config;
        this.metrics = metrics;
        this.tracing = tracing;
    }

    String state() {
        return state.get();
    }

    Step step() {
        return step;
    }

    void stop() {
        running = false;
        consumer.wakeup();
    }

    @Override
    public void run() {
        try {
            consumer.subscribe(List.of(step.input()));
            state.set("running");
            while (running) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofSeconds(1))) {
                    handle(record);
                    consumer.commitSync(Map.of(new TopicPartition(record.topic(), record.partition()),
                            new OffsetAndMetadata(record.offset() + 1)));
                }
            }
        } catch (WakeupException e) {
            // stopping
        } catch (RuntimeException e) {
            state.set("failed: " + e.getClass().getSimpleName());
            LOG.errorf(e, "the %s stage stopped", step.name());
            return;
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
        state.set("stopped");
    }

    private void handle(ConsumerRecord<String, String> record) {
        VideoWork work;
        try {
            work = json.readValue(record.value(), VideoWork.class);
        } catch (IOException | RuntimeException e) {
            deadLetter(record, "unreadable message: " + e.getClass().getSimpleName());
            return;
        }
        if (work == null || work.jobId() == null) {
            deadLetter(record, "message without a job id");
            return;
        }
        // The stage continues the job's trace from the record's headers; what it sends carries it on.
        try (Tracing.Traced traced = tracing.start(step.name(), SpanKind.CONSUMER,
                tracing.extract(KafkaTraceHeaders.reader(record.headers())), work.jobId())) {
            process(record, work, traced);
        }
    }

    private void process(ConsumerRecord<String, String> record, VideoWork work, Tracing.Traced traced) {
        long started = System.nanoTime();
        for (int attempt = 1; ; attempt++) {
            if (staging.cancelled(work.jobId())) {
                LOG.infof("%s: job %s was cancelled; skipping", step.name(), work.jobId());
                metrics.ended("cancelled", started);
                return;
            }
            Path dir = config.workDir().resolve(step.name()).resolve(work.jobId());
            try {
                Files.createDirectories(dir);
                VideoWork done = step.process(work, dir);
                send(step.output(), done);
                Duration took = metrics.ended("done", started);
                LOG.infof("%s: job %s done in %d ms", step.name(), work.jobId(), took.toMillis());
                return;
            } catch (Step.Permanent e) {
                LOG.warnf("%s: job %s cannot be processed: %s", step.name(), work.jobId(), e.getMessage());
                traced.failed(e);
                deadLetter(record, e.getMessage());
                send(Topics.VIDEO_FAILED, work.withFailure(e.getMessage()));
                metrics.ended("failed", started);
                return;
            } catch (IOException | RuntimeException e) {
                if (attempt >= config.maxAttempts()) {
                    LOG.errorf(e, "%s: job %s failed %d times; dead-lettered", step.name(), work.jobId(), attempt);
                    traced.failed(e);
                    deadLetter(record, e.toString());
                    send(Topics.VIDEO_FAILED, work.withFailure(step.name() + " failed"));
                    metrics.ended("failed", started);
                    return;
                }
                metrics.retried();
                LOG.warnf("%s: job %s failed (try %d of %d): %s", step.name(), work.jobId(), attempt, config.maxAttempts(), e);
                pause(config.backoff().multipliedBy(1L << Math.min(attempt - 1, 6)));
            } finally {
                Scratch.delete(dir);
            }
        }
    }

    private void send(String topic, VideoWork work) {
        try {
            ProducerRecord<String, String> out = new ProducerRecord<>(topic, work.jobId(), json.writeValueAsString(work));
            tracing.inject(KafkaTraceHeaders.writer(out.headers()));
            producer.send(out).get();
        } catch (Exception e) {
            throw new IllegalStateException("could not publish to " + topic, e);
        }
    }

    private void deadLetter(ConsumerRecord<String, String> record, String reason) {
        ProducerRecord<String, String> dead = new ProducerRecord<>(step.input() + ".dlq", record.key(), record.value());
        dead.headers().add("dead-letter-reason", reason.getBytes(StandardCharsets.UTF_8));
        dead.headers().add("dead-letter-stage", step.name().getBytes(StandardCharsets.UTF_8));
        tracing.inject(KafkaTraceHeaders.writer(dead.headers()));
        metrics.deadLettered();
        try {
            producer.send(dead).get();
        } catch (Exception e) {
            throw new IllegalStateException("could not dead-letter a message", e);
        }
    }

    private void pause(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}
