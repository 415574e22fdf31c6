package io.mediagate.pipeline.worker;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.WhileUnavailable;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.StageProgress;
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
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
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
 * (steps are idempotent) and loses none. After a failed try {@link Tries} decides: an outage of a dependency is
 * waited out (the offset stays where it is), other failures are retried with backoff; a message given up, or one
 * that cannot be read, goes to {@code <input>.dlq} and its job is reported on {@code video.failed}. Jobs whose
 * owner cancelled them are skipped. A side consumer (a step without an output topic: the playable one) sends nothing
 * on, dead-letters nothing and fails no job; the stage's own consumer of the same topic does.
 */
final class StageWorker implements Runnable {
    private static final Logger LOG = Logger.getLogger(StageWorker.class);
    private final Step step;
    private final KafkaConsumer<String, String> consumer;
    private final KafkaProducer<String, String> producer;
    private final ObjectMapper json;
    private final StagingBucket staging;
    private final PipelineConfig config;
    private final Duration outagePatience;
    private final Clock clock;
    private final StageMetrics metrics;
    private final Tracing tracing;
    private final Unfinished unfinished;
    /** A side consumer (no output topic): sends nothing on, dead-letters nothing, fails no job. */
    private final boolean side;
    private final AtomicReference<String> state = new AtomicReference<>("starting");
    private final CountDownLatch stopping = new CountDownLatch(1);
    private volatile boolean running = true;

    StageWorker(Step step, KafkaConsumer<String, String> consumer, KafkaProducer<String, String> producer, ObjectMapper json,
                StagingBucket staging, PipelineConfig config, Duration outagePatience, Clock clock, StageMetrics metrics,
                Tracing tracing, Unfinished unfinished) {
        this.step = step;
        this.consumer = consumer;
        this.producer = producer;
        this.json = json;
        this.staging = staging;
        this.config = config;
        this.outagePatience = outagePatience;
        this.clock = clock;
        this.metrics = metrics;
        this.tracing = tracing;
        this.unfinished = unfinished;
        this.side = step.output() == null;
    }

    String state() {
        return state.get();
    }

    Step step() {
        return step;
    }

    void stop() {
        running = false;
        stopping.countDown();
        consumer.wakeup();
    }

    @Override
    public void run() {
        try {
            consumer.subscribe(List.of(step.input()));
            state.set("running");
            while (running) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofSeconds(1))) {
                    if (!handle(record)) {
                        return; // stopping mid-message: uncommitted, so whoever takes the partition over redoes it
                    }
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
            if (!state.get().startsWith("failed")) {
                state.set("stopped");
            }
        }
    }

    /** Handles one message to its end; false when the worker is stopping and the message was left undone. */
    private boolean handle(ConsumerRecord<String, String> record) {
        VideoWork work;
        try {
            work = json.readValue(record.value(), VideoWork.class);
        } catch (IOException | RuntimeException e) {
            deadLetter(record, "unreadable message: " + e.getClass().getSimpleName());
            return true;
        }
        if (work == null || work.jobId() == null) {
            deadLetter(record, "message without a job id");
            return true;
        }
        // The stage continues the job's trace from the record's headers; what it sends carries it on.
        try (Tracing.Traced traced = tracing.start(step.name(), SpanKind.CONSUMER,
                tracing.extract(KafkaTraceHeaders.reader(record.headers())), work.jobId())) {
            return process(record, work, traced);
        }
    }

    private boolean process(ConsumerRecord<String, String> record, VideoWork work, Tracing.Traced traced) {
        long started = System.nanoTime();
        Tries tries = new Tries(step.name(), config.maxAttempts(), config.backoff(), outagePatience, clock);
        while (running) {
            Path dir = config.workDir().resolve(step.name()).resolve(work.jobId());
            try {
                if (staging.cancelled(work.jobId())) {
                    LOG.infof("%s: job %s was cancelled; skipping", step.name(), work.jobId());
                    unfinished.discard(work.mediaId()); // what was kept of its video ahead of the rest
                    metrics.ended("cancelled", started);
                    return true;
                }
                Files.createDirectories(dir);
                VideoWork done = step.process(work, dir, new Reports(work.jobId()));
                if (!side) {
                    send(step.output(), done);
                }
                Duration took = metrics.ended("done", started);
                LOG.infof("%s: job %s done in %d ms", step.name(), work.jobId(), took.toMillis());
                if (!side) {
                    afterSent(done);
                }
                return true;
            } catch (IOException | RuntimeException e) {
                switch (tries.after(e)) {
                    case Tries.Next.Again again when again.outage() -> {
                        metrics.waitedOut();
                        LOG.warnf("%s: job %s waits, a service it needs is unavailable (%s); trying again in %d ms",
                                step.name(), work.jobId(), e.toString(), again.pause().toMillis());
                        pause(again.pause());
                    }
                    case Tries.Next.Again again -> {
                        metrics.retried();
                        LOG.warnf("%s: job %s failed (%s); trying again in %d ms", step.name(), work.jobId(), e.toString(),
                                again.pause().toMillis());
                        pause(again.pause());
                    }
                    case Tries.Next.GiveUp giveUp when side -> {
                        LOG.warnf("%s: job %s left: %s", step.name(), work.jobId(), giveUp.failure().message());
                        metrics.ended("failed", started);
                        return true;
                    }
                    case Tries.Next.GiveUp giveUp -> {
                        if (e instanceof Step.Permanent) {
                            LOG.warnf("%s: job %s cannot be processed: %s", step.name(), work.jobId(), e.getMessage());
                        } else {
                            LOG.errorf(e, "%s: job %s given up: %s", step.name(), work.jobId(), giveUp.failure().message());
                        }
                        traced.failed(e);
                        fail(record, work, giveUp.failure(), e);
                        metrics.ended("failed", started);
                        return true;
                    }
                }
            } finally {
                Scratch.delete(dir);
            }
        }
        return false;
    }

    /**
     * A stage's progress with one job, sent on {@code video.progress} when it has moved on by {@link #STEP} points and
     * {@link #EVERY} has passed since the last report; sent without waiting for the broker, and never failing the stage.
     * That the job's video plays is sent at once, waiting for the broker to take it.
     */
    private final class Reports implements Step.Progress {
        static final int STEP = 5;
        static final Duration EVERY = Duration.ofMillis(500);
        private final String jobId;
        private int last = -STEP;
        private long lastAt;

        Reports(String jobId) {
            this.jobId = jobId;
        }

        @Override
        public synchronized void accept(int percent) {
            long now = System.nanoTime();
            if (percent < last + STEP || now - lastAt < EVERY.toNanos()) {
                return;
            }
            last = percent;
            lastAt = now;
            try {
                ProducerRecord<String, String> report = new ProducerRecord<>(Topics.VIDEO_PROGRESS, jobId,
                        json.writeValueAsString(new StageProgress(jobId, step.stage(), percent)));
                tracing.inject(KafkaTraceHeaders.writer(report.headers()));
                producer.send(report, (sent, failure) -> {
                    if (failure != null) {
                        LOG.debugf("a progress report of job %s was not sent: %s", jobId, failure.toString());
                    }
                });
            } catch (JsonProcessingException | RuntimeException e) {
                LOG.debugf("a progress report of job %s was not sent: %s", jobId, e.toString());
            }
        }

        @Override
        public void playable(MediaItem item) {
            try {
                publish(new ProducerRecord<>(Topics.VIDEO_PROGRESS, jobId,
                        json.writeValueAsString(new StageProgress(jobId, step.stage(), Math.max(0, last), item))));
            } catch (JsonProcessingException | RuntimeException e) {
                LOG.warnf("that job %s plays was not told: %s", jobId, e.toString());
            }
        }
    }

    /**
     * Dead-letters the message and reports its job failed, waiting out a broker outage to do so; what was kept of its video
     * ahead of the rest is dropped.
     */
    private void fail(ConsumerRecord<String, String> record, VideoWork work, VideoWork.Failure failure, Exception cause) {
        unfinished.discard(work.mediaId());
        WhileUnavailable.retry("reporting job " + work.jobId() + " failed", () -> {
            deadLetter(record, cause instanceof Step.Permanent ? cause.getMessage() : cause.toString());
            send(Topics.VIDEO_FAILED, work.withFailure(failure));
            return null;
        }, outagePatience, WhileUnavailable.Pause.REAL);
    }

    /** {@link Step#sent}: its failure is logged, the job has gone on. */
    private void afterSent(VideoWork done) {
        try {
            step.sent(done);
        } catch (RuntimeException e) {
            LOG.warnf("%s: job %s: what follows its sending failed (%s)", step.name(), done.jobId(), e.toString());
        }
    }

    private void send(String topic, VideoWork work) {
        try {
            publish(new ProducerRecord<>(topic, work.jobId(), json.writeValueAsString(work)));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write the work of job " + work.jobId(), e);
        }
    }

    /** Sends the message to {@code <input>.dlq}; a side consumer's are left, the stage's own consumer dead-letters them. */
    private void deadLetter(ConsumerRecord<String, String> record, String reason) {
        if (side) {
            return;
        }
        ProducerRecord<String, String> dead = new ProducerRecord<>(step.input() + ".dlq", record.key(), record.value());
        dead.headers().add("dead-letter-reason", reason.getBytes(StandardCharsets.UTF_8));
        dead.headers().add("dead-letter-stage", step.name().getBytes(StandardCharsets.UTF_8));
        publish(dead);
        metrics.deadLettered();
    }

    /** Sends {@code out} with the current trace in its headers and waits for the broker to take it. */
    private void publish(ProducerRecord<String, String> out) {
        tracing.inject(KafkaTraceHeaders.writer(out.headers()));
        try {
            producer.send(out).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while publishing to " + out.topic(), e);
        } catch (Exception e) {
            throw new IllegalStateException("could not publish to " + out.topic(), e);
        }
    }

    /** Sleeps {@code d}, or less when the worker is told to stop. */
    private void pause(Duration d) {
        try {
            stopping.await(d.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}
