package io.mediagate.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/** A single-node Kafka (KRaft, broker + controller) from the jars of {@code infra/kafka/target/lib}. */
public final class KafkaNode {
    private KafkaNode() {
    }

    public static Node start(Path lib, Path home, int port) throws IOException, InterruptedException {
        int controllerPort = port + 1;
        Path data = home.resolve("data");
        Path config = home.resolve("server.properties");
        Files.createDirectories(home);
        Files.writeString(config, String.join("\n",
                "process.roles=broker,controller",
                "node.id=1",
                "controller.quorum.voters=1@127.0.0.1:" + controllerPort,
                "listeners=PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort,
                "advertised.listeners=PLAINTEXT://127.0.0.1:" + port,
                "controller.listener.names=CONTROLLER",
                "inter.broker.listener.name=PLAINTEXT",
                "listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
                "log.dirs=" + data.toAbsolutePath(),
                "num.partitions=3",
                "auto.create.topics.enable=true",
                "offsets.topic.replication.factor=1",
                "transaction.state.log.replication.factor=1",
                "transaction.state.log.min.isr=1",
                "share.coordinator.state.topic.replication.factor=1",
                "share.coordinator.state.topic.min.isr=1",
                "group.initial.rebalance.delay.ms=0",
                "log.retention.hours=72",
                // Partial images of streamed jobs (generation.partials) are records of up to 16 MB.
                "message.max.bytes=16777216",
                // The log cleaner (compacted topics: consumer offsets) holds its dedupe buffer on the heap
                // for good; 128 MB by default, far more than a local broker's few offsets need.
                "log.cleaner.dedupe.buffer.size=16777216",
                // Thread pools sized for one node on a couple of cores rather than a server's defaults (8 I/O,
                // 3 network, 10 background threads): each idle thread still keeps its stack and buffers.
                "num.io.threads=2",
                "num.network.threads=2",
                "background.threads=4",
                ""));
        Path log4j = home.resolve("log4j2.properties");
        Files.writeString(log4j, String.join("\n",
                "status=warn",
                "appender.console.type=Console",
                "appender.console.name=out",
                "appender.console.layout.type=PatternLayout",
                "appender.console.layout.pattern=%d{ISO8601} %p %c{1} %m%n",
                "rootLogger.level=WARN",
                "rootLogger.appenderRef.out.ref=out",
                "logger.kafka.name=kafka.server.KafkaRaftServer",
                "logger.kafka.level=INFO",
                ""));
        List<String> jvm = List.of("-Dlog4j2.configurationFile=" + log4j.toAbsolutePath());
        if (!Files.exists(data.resolve("meta.properties"))) {
            List<String> format = new ArrayList<>(Node.java("kafka", "256m", lib, "kafka.tools.StorageTool", jvm));
            format.addAll(List.of("format", "--cluster-id=" + clusterId(), "--config=" + config.toAbsolutePath()));
            Process p = new ProcessBuilder(format).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(home.resolve("format.log").toFile())).start();
            if (p.waitFor() != 0) {
                throw new IOException("formatting Kafka storage failed; see " + home.resolve("format.log"));
            }
        }
        List<String> run = new ArrayList<>(Node.java("kafka", "128m", lib, "kafka.Kafka", jvm));
        run.add(config.toAbsolutePath().toString());
        Node node = Node.start("kafka", home, run, port, "127.0.0.1:" + port, Duration.ofSeconds(90));
        createTopics(lib, home, node);
        return node;
    }

    /** The topics every run needs, created before any service subscribes (see infra/kafka CreateTopics). */
    static final List<String> TOPICS = List.of("generation.requests", "generation.batch", "generation.replies", "generation.events", "generation.partials",
            "storage.events", "video.generated", "video.transcoded", "video.thumbnailed", "video.completed", "video.failed",
            "video.progress");

    private static void createTopics(Path lib, Path home, Node node) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-Dlog4j2.configurationFile=" + home.resolve("log4j2.properties").toAbsolutePath(),
                "-cp", lib.getParent().resolve("classes").toAbsolutePath() + ":" + lib.toAbsolutePath() + "/*",
                "io.mediagate.infra.kafka.CreateTopics", node.endpoint(), "3"));
        cmd.addAll(TOPICS);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(home.resolve("topics.log").toFile())).start();
        if (p.waitFor() != 0) {
            node.stop();
            throw new IOException("creating the Kafka topics failed; see " + home.resolve("topics.log"));
        }
    }

    /**
     * Kafka cluster ids are 16 random bytes in unpadded URL-safe base64; like Kafka's own generator we
     * never start one with '-', which command lines would read as an option.
     */
    static String clusterId() {
        SecureRandom random = new SecureRandom();
        byte[] id = new byte[16];
        String encoded;
        do {
            random.nextBytes(id);
            encoded = Base64.getUrlEncoder().withoutPadding().encodeToString(id);
        } while (encoded.startsWith("-"));
        return encoded;
    }
}
