package io.mediagate.pipeline.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.StageProgress;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.tier.Tier;
import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.ffmpeg.Probe;
import io.mediagate.staging.StagingBucket;
import io.mediagate.testing.C2paReference;
import io.mediagate.testing.ServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The transcode stage alone (as a transcode-only deployment runs it) against real Kafka, S3 and ffmpeg. */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "pipeline"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "db", value = "false"), @ResourceArg(name = "s3", value = "true"),
        @ResourceArg(name = "config:mediagate.pipeline.stages", value = "transcode"),
        @ResourceArg(name = "config:mediagate.pipeline.backoff", value = "100ms"),
        @ResourceArg(name = "config:mediagate.staging.bucket", value = "test-pipeline-staging")})
class TranscodeStageIT {
    @Inject
    StagingBucket staging;
    @Inject
    Ffmpeg ffmpeg;
    @Inject
    ObjectMapper json;
    @ConfigProperty(name = "kafka.bootstrap.servers")
    String bootstrap;
    @TempDir
    Path dir;

    private static String jobId() {
        return "job_" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
    }

    private VideoWork work(String jobId, String key) {
        return new VideoWork(new VideoWork.Job(jobId, "req_test", "usr_test", Tier.PRO, Instant.now()), "med_" + jobId.substring(4) + "x0",
                new io.mediagate.common.events.MadeBy("local/motion", "local/motion:1.1", "local", "Local", "a test", null, BigDecimal.ZERO),
                new io.mediagate.common.values.Shape("480p", 1.0, 854, 480), new VideoWork.Keep(true, 30), null,
                new VideoWork.StagedFile(key, "source.mp4", "source", "mp4", null, "480p", 854, 480, "video/mp4", 0), List.of(), null, null, null);
    }

    private void publish(String topic, String key, String value) throws Exception {
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(Map.of("bootstrap.servers", bootstrap),
                new StringSerializer(), new StringSerializer())) {
            producer.send(new ProducerRecord<>(topic, key, value)).get();
        }
    }

    private List<ConsumerRecord<String, String>> await(List<String> topics, Predicate<List<ConsumerRecord<String, String>>> done)
            throws Exception {
        List<ConsumerRecord<String, String>> seen = new ArrayList<>();
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(Map.of("bootstrap.servers", bootstrap,
                "group.id", "test-" + UUID.randomUUID(), "auto.offset.reset", "earliest"),
                new StringDeserializer(), new StringDeserializer())) {
            consumer.subscribe(topics);
            long deadline = System.currentTimeMillis() + 90_000;
            while (!done.test(seen) && System.currentTimeMillis() < deadline) {
                consumer.poll(Duration.ofMillis(500)).forEach(seen::add);
            }
        }
        return seen;
    }

    @Test
    void aSourceBecomesTheRenditionsAndAPlaylistAndARedeliveryRedoesItIdentically() throws Exception {
        String job = jobId();
        Path clip = dir.resolve("clip.mp4");
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "testsrc2=s=640x360:r=24", "-frames:v", "24",
                "-c:v", "libx264", "-pix_fmt", "yuv420p", clip.toString()), Duration.ofSeconds(60));
        String key = StagingBucket.key(job, "source.mp4");
        staging.upload(key, clip, "video/mp4");
        String message = json.writeValueAsString(work(job, key));
        publish("video.generated", job, message);
        publish("video.generated", job, message);
        List<ConsumerRecord<String, String>> out = await(List.of("video.transcoded"),
                seen -> seen.stream().filter(r -> job.equals(r.key())).count() == 2);
        List<VideoWork> results = new ArrayList<>();
        for (ConsumerRecord<String, String> r : out) {
            if (job.equals(r.key())) {
                results.add(json.readValue(r.value(), VideoWork.class));
            }
        }
        assertEquals(2, results.size(), "both deliveries are processed");
        Set<String> names = results.getFirst().outputs().stream().map(VideoWork.StagedFile::name).collect(Collectors.toSet());
        assertTrue(names.containsAll(Set.of("480p.mp4", "480p.webm", "hls/index.m3u8", "hls/seg_000.ts")), names.toString());
        assertTrue(names.stream().noneMatch(n -> n.startsWith("720p") || n.startsWith("1080p")), "nothing above the requested size");
        assertEquals(names, results.get(1).outputs().stream().map(VideoWork.StagedFile::name).collect(Collectors.toSet()),
                "a redelivery produces the same files under the same keys");
        for (VideoWork.StagedFile f : results.getFirst().outputs()) {
            assertTrue(staging.exists(f.key()), f.key());
        }
        Path mp4 = dir.resolve("480p.mp4");
        staging.download(StagingBucket.key(job, "out/480p.mp4"), mp4);
        assertEquals(854, ffmpeg.probe(mp4, Duration.ofSeconds(30)).video().orElseThrow().width());
    }

    /**
     * A source that plays as it is (H.264 at the size, AAC) is remuxed into the main rendition, and its HLS, re-muxed from
     * the source while the ladder encodes, carries both streams over the whole clip.
     */
    @Test
    void aPlayableSourceIsRemuxedAndItsPlaylistCarriesTheWholeClipWithItsSound() throws Exception {
        String job = jobId();
        Path clip = dir.resolve("sound.mp4");
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "testsrc2=s=854x480:r=24", "-f", "lavfi", "-i", "sine=frequency=440",
                "-t", "5", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", clip.toString()), Duration.ofSeconds(60));
        String key = StagingBucket.key(job, "source.mp4");
        staging.upload(key, clip, "video/mp4");
        publish("video.generated", job, json.writeValueAsString(work(job, key)));
        ConsumerRecord<String, String> out = await(List.of("video.transcoded"), seen -> seen.stream().anyMatch(r -> job.equals(r.key())))
                .stream().filter(r -> job.equals(r.key())).findFirst().orElseThrow();
        List<VideoWork.StagedFile> files = json.readValue(out.value(), VideoWork.class).outputs();
        assertEquals("480p.mp4", files.getFirst().name(), "the main rendition first: " + files);
        Path main = dir.resolve("main.mp4");
        staging.download(files.getFirst().key(), main);
        Probe remuxed = ffmpeg.probe(main, Duration.ofSeconds(30));
        assertEquals("h264", remuxed.video().orElseThrow().codec());
        C2paReference.Reading credentials = C2paReference.read(Files.readAllBytes(main), "video/mp4", Optional.empty());
        assertEquals(List.of("signingCredential.untrusted"), credentials.codes("failure"), "the remux is signed as generated");
        assertEquals("c2pa.created", credentials.assertion("c2pa.actions.v2").path("actions").get(0).path("action").asText());
        assertEquals(job, credentials.assertion("io.mediagate.generation").path("job").asText());
        assertEquals(List.of("aac"), remuxed.audio().stream().map(Probe.Stream::codec).toList());
        Path hls = Files.createDirectories(dir.resolve("hls"));
        List<VideoWork.StagedFile> hlsFiles = files.stream().filter(f -> f.name().startsWith("hls/")).toList();
        assertEquals("hls/index.m3u8", hlsFiles.getLast().name(), "the playlist after its segments: " + files);
        for (VideoWork.StagedFile f : hlsFiles) {
            staging.download(f.key(), hls.resolve(f.name().substring(4)));
        }
        String playlist = Files.readString(hls.resolve("index.m3u8"));
        assertEquals(hlsFiles.size() - 1, playlist.lines().filter(l -> l.endsWith(".ts")).count(), "every segment staged: " + playlist);
        Probe stream = ffmpeg.probe(hls.resolve("index.m3u8"), Duration.ofSeconds(30));
        assertEquals(5.0, stream.durationSeconds(), 0.2);
        assertEquals(854, stream.video().orElseThrow().width());
        assertEquals(List.of("aac"), stream.audio().stream().map(Probe.Stream::codec).toList());
    }

    /**
     * A provider's video that carries Content Credentials of its own is the parent of the main rendition: transcoded from
     * it, its manifest carried in the rendition's store, so a verifier sees the provider's claim and ours.
     */
    @Test
    void aProvidersSignedVideoIsTheParentOfTheMainRendition() throws Exception {
        String job = jobId();
        Path clip = dir.resolve("provider.mp4");
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "testsrc2=s=854x480:r=24", "-t", "1", "-c:v", "libx264",
                "-pix_fmt", "yuv420p", "-movflags", "+faststart", clip.toString()), Duration.ofSeconds(60));
        Path keys = Files.createDirectories(dir.resolve("provider-keys"));
        io.mediagate.infra.SigningChain.write(keys, "Video provider");
        Path signed = dir.resolve("provider-signed.mp4");
        new io.mediagate.provenance.ContentCredentials(io.mediagate.provenance.cose.SigningKey.read(keys.resolve("c2pa-signing-key.pem"),
                keys.resolve("c2pa-signing-chain.pem")), "3.0", false).created(clip, signed,
                new io.mediagate.provenance.ContentCredentials.Generation("openai/sora-2:2025-10-06", "openai", "video_1", null));
        String providers = C2paReference.read(Files.readAllBytes(signed), "video/mp4", Optional.empty()).json().path("active_manifest").asText();
        String key = StagingBucket.key(job, "source.mp4");
        staging.upload(key, signed, "video/mp4");
        publish("video.generated", job, json.writeValueAsString(work(job, key)));
        ConsumerRecord<String, String> out = await(List.of("video.transcoded"), seen -> seen.stream().anyMatch(r -> job.equals(r.key())))
                .stream().filter(r -> job.equals(r.key())).findFirst().orElseThrow();
        Path main = dir.resolve("main-of-signed.mp4");
        staging.download(json.readValue(out.value(), VideoWork.class).outputs().getFirst().key(), main);
        C2paReference.Reading reading = C2paReference.read(Files.readAllBytes(main), "video/mp4", Optional.empty());
        assertEquals(List.of("signingCredential.untrusted"), reading.codes("failure"), reading.json().toString());
        var actions = reading.assertion("c2pa.actions.v2").path("actions");
        assertEquals("c2pa.opened", actions.get(0).path("action").asText());
        assertEquals("c2pa.transcoded", actions.get(1).path("action").asText());
        assertEquals(providers, reading.activeManifest().path("ingredients").get(0).path("active_manifest").asText());
        assertTrue(reading.json().path("manifests").has(providers), "the provider's manifest is carried");
    }

    /** While it transcodes, the stage reports how far it is on video.progress: more than once, never going back. */
    @Test
    void theStageReportsItsProgressAsItTranscodes() throws Exception {
        String job = jobId();
        Path clip = dir.resolve("long.mp4");
        // Long enough that its ladder takes some seconds on a fast machine: reports come at most every half second.
        ffmpeg.run(List.of("-v", "error", "-f", "lavfi", "-i", "testsrc2=s=854x480:r=30", "-t", "40",
                "-c:v", "libx264", "-pix_fmt", "yuv420p", clip.toString()), Duration.ofSeconds(60));
        String key = StagingBucket.key(job, "source.mp4");
        staging.upload(key, clip, "video/mp4");
        publish("video.generated", job, json.writeValueAsString(work(job, key)));
        List<ConsumerRecord<String, String>> out = await(List.of("video.progress", "video.transcoded"),
                seen -> seen.stream().anyMatch(r -> r.topic().equals("video.transcoded") && job.equals(r.key())));
        List<StageProgress> reports = new ArrayList<>();
        for (ConsumerRecord<String, String> r : out) {
            if (r.topic().equals("video.progress") && job.equals(r.key())) {
                reports.add(json.readValue(r.value(), StageProgress.class));
            }
        }
        assertTrue(reports.size() >= 2, "reported as it went: " + reports);
        assertTrue(reports.stream().allMatch(r -> r.stage() == io.mediagate.common.values.JobStage.TRANSCODING && r.jobId().equals(job)), reports.toString());
        List<Integer> percents = reports.stream().map(StageProgress::percent).toList();
        assertEquals(percents.stream().sorted().toList(), percents, "never going back");
        assertTrue(percents.getLast() > percents.getFirst() && percents.getLast() <= 90, percents.toString());
    }

    @Test
    void anUndecodableSourceFailsTheJobAndItsMessageIsDeadLettered() throws Exception {
        String job = jobId();
        Path junk = dir.resolve("junk.mp4");
        Files.writeString(junk, "this is not a video");
        String key = StagingBucket.key(job, "source.mp4");
        staging.upload(key, junk, "video/mp4");
        publish("video.generated", job, json.writeValueAsString(work(job, key)));
        List<ConsumerRecord<String, String>> out = await(List.of("video.failed", "video.generated.dlq"),
                seen -> seen.stream().filter(r -> job.equals(r.key())).count() == 2);
        ConsumerRecord<String, String> failed = out.stream().filter(r -> r.topic().equals("video.failed") && job.equals(r.key()))
                .findFirst().orElseThrow();
        assertTrue(json.readValue(failed.value(), VideoWork.class).failure().message().contains("not a readable video"));
        ConsumerRecord<String, String> dead = out.stream().filter(r -> r.topic().equals("video.generated.dlq") && job.equals(r.key()))
                .findFirst().orElseThrow();
        assertTrue(new String(dead.headers().lastHeader("dead-letter-reason").value(), StandardCharsets.UTF_8).contains("not a readable video"));
    }

    @Test
    void anUnreadableMessageIsDeadLetteredAndTheStageGoesOn() throws Exception {
        String key = "job_garbage" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        publish("video.generated", key, "{not json");
        List<ConsumerRecord<String, String>> out = await(List.of("video.generated.dlq"),
                seen -> seen.stream().anyMatch(r -> key.equals(r.key())));
        ConsumerRecord<String, String> dead = out.stream().filter(r -> key.equals(r.key())).findFirst().orElseThrow();
        assertEquals("{not json", dead.value());
        assertEquals("transcode", new String(dead.headers().lastHeader("dead-letter-stage").value(), StandardCharsets.UTF_8));
    }
}
