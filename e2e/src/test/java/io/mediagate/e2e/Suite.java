package io.mediagate.e2e;

import io.mediagate.ffmpeg.Scratch;
import io.mediagate.infra.FreePort;
import io.mediagate.testing.RepoPaths;
import io.mediagate.testing.TestInfra;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The whole suite as it runs in production: each service a separate JVM started from a copy of its
 * packaged {@code quarkus-app}, on real PostgreSQL, Kafka, S3 and Redis, talking over HTTP and Kafka.
 */
final class Suite implements AutoCloseable {
    static final List<String> SERVICES = List.of("catalog-service", "media-service", "usage-service",
            "routing-service", "video-pipeline-service", "gateway-service");
    /** Random, as the services refuse a short or patterned admin key (common's SecretSettings). */
    static final String ADMIN_KEY = "mg_admin_e2e_" + java.util.UUID.randomUUID().toString().replace("-", "");
    /** The suites running now, whose logs a failing test shows ({@link SuiteLogsOnFailure}). */
    private static final Set<Suite> OPEN = ConcurrentHashMap.newKeySet();
    /** At most this many of a service's warnings and errors are shown for a failed test. */
    private static final int TROUBLES_SHOWN = 12;

    private final Map<String, Integer> ports = new LinkedHashMap<>();
    private final Map<String, Map<String, String>> environments = new LinkedHashMap<>();
    private final List<Process> processes = new ArrayList<>();
    private final Path home;
    private final String name;
    private final Map<String, String> extraEnv;

    private Suite(String name, Path home, Map<String, String> extraEnv) {
        this.name = name;
        this.home = home;
        this.extraEnv = extraEnv;
    }

    static Suite start() throws Exception {
        return start("e2e", Map.of());
    }

    /** A suite with its own databases ({@code name}) and extra environment for every service. */
    static Suite start(String name, Map<String, String> extraEnv) throws Exception {
        TestInfra infra = TestInfra.get();
        Suite suite = new Suite(name, infra.home().resolve("suite-" + name), extraEnv);
        try {
            suite.launch(infra);
            OPEN.add(suite);
            return suite;
        } catch (Exception e) {
            suite.close();
            throw e;
        }
    }

    String baseUrl() {
        return "http://127.0.0.1:" + ports.get("gateway-service");
    }

    /** Where a service answers health, readiness and metrics: the port after its API port. */
    String managementUrl(String svc) {
        return "http://127.0.0.1:" + (ports.get(svc) + 1);
    }

    /** A service's log file (its output since it started). */
    Path log(String svc) {
        return home.resolve(svc + ".log");
    }

    /** Everything a service has logged in this suite, across its restarts. */
    String allLogs(String svc) throws IOException {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.list(home)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith(svc) && f.toString().endsWith(".log")).toList()) {
                all.append(Files.readString(file));
            }
        }
        return all.toString();
    }

    private void launch(TestInfra infra) throws Exception {
        // The API port and the next one for health and metrics, each pair apart from the others: every range is checked
        // free before any service binds, so two services could otherwise be handed overlapping ones.
        java.util.Set<Integer> taken = new java.util.HashSet<>();
        for (String svc : SERVICES) {
            int port;
            do {
                port = FreePort.find(2);
            } while (taken.contains(port) || taken.contains(port + 1));
            taken.add(port);
            taken.add(port + 1);
            ports.put(svc, port);
        }
        String kafka = infra.kafka();
        KafkaBacklog.clear(kafka);
        String s3 = infra.s3();
        for (String svc : SERVICES) {
            Path app = copyApp(svc);
            Map<String, String> env = new LinkedHashMap<>();
            env.put("MEDIAGATE_KEYS_DIR", infra.keys().toString());
            env.put("MEDIAGATE_KAFKA", kafka);
            env.put("MEDIAGATE_REDIS", infra.redis());
            env.put("MEDIAGATE_S3_ENDPOINT", s3);
            env.put("MEDIAGATE_S3_ACCESS_KEY", TestInfra.S3_ACCESS);
            env.put("MEDIAGATE_S3_SECRET_KEY", infra.s3Secret());
            env.put("MEDIAGATE_S3_BUCKET", "e2e-media");
            env.put("MEDIAGATE_DB_URL", infra.freshDatabase(name + "_" + svc.replace("-service", "").replace('-', '_')));
            env.put("MEDIAGATE_DB_USER", infra.postgresUser());
            env.put("MEDIAGATE_PUBLIC_URL", baseUrl());
            env.put("MEDIAGATE_CATALOG_URL", "http://127.0.0.1:" + ports.get("catalog-service"));
            env.put("MEDIAGATE_MEDIA_URL", "http://127.0.0.1:" + ports.get("media-service"));
            env.put("MEDIAGATE_ROUTING_URL", "http://127.0.0.1:" + ports.get("routing-service"));
            env.put("MEDIAGATE_USAGE_URL", "http://127.0.0.1:" + ports.get("usage-service"));
            env.put("MEDIAGATE_ADMIN_KEY", ADMIN_KEY);
            env.put("MEDIAGATE_LIMITS_KEY_PREFIX", infra.redisPrefix() + "-" + name);
            env.putAll(extraEnv);
            environments.put(svc, env);
            processes.add(spawn(app, svc, ports.get(svc), env));
        }
        for (String svc : SERVICES) {
            awaitReady(svc, ports.get(svc), processes.get(SERVICES.indexOf(svc)));
        }
    }

    private Process spawn(Path app, String logName, int port, Map<String, String> env) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseSerialGC", "-Djava.awt.headless=true",
                "-Dquarkus.http.port=" + port, "-Dquarkus.management.port=" + (port + 1), "-jar", "quarkus-run.jar")
                .directory(app.toFile())
                .redirectErrorStream(true)
                .redirectOutput(home.resolve(logName + ".log").toFile());
        pb.environment().putAll(env);
        return pb.start();
    }

    /** A second gateway process of the same suite (same database, Redis and Kafka). */
    record Replica(String baseUrl, Process process) {
        void kill() {
            process.destroyForcibly();
        }
    }

    /** Kills a service like {@code kill -9} (no shutdown hooks, no graceful leave of its consumer groups). */
    void kill(String svc) throws InterruptedException {
        Process process = processes.get(SERVICES.indexOf(svc));
        process.destroyForcibly();
        process.waitFor();
    }

    /** Starts a killed service again on its port, with its environment, and waits until it is ready. */
    void restart(String svc) throws Exception {
        int index = SERVICES.indexOf(svc);
        Process process = spawn(home.resolve(svc), svc + "-restarted", ports.get(svc), environments.get(svc));
        processes.set(index, process);
        awaitReady(svc, ports.get(svc), process);
    }

    Replica startGatewayReplica() throws Exception {
        int port = FreePort.find(2);
        Process process = spawn(home.resolve("gateway-service"), "gateway-replica-" + port, port, environments.get("gateway-service"));
        processes.add(process);
        awaitReady("gateway replica", port, process);
        return new Replica("http://127.0.0.1:" + port, process);
    }

    private Path copyApp(String svc) throws IOException {
        Path source = RepoPaths.root().resolve(svc).resolve("target/quarkus-app");
        if (!Files.exists(source.resolve("quarkus-run.jar"))) {
            throw new IllegalStateException(source + " is missing: package the services first (./mvnw -B verify builds them)");
        }
        Files.createDirectories(home);
        Path target = home.resolve(svc);
        try (Stream<Path> files = Files.walk(source)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Path to = target.resolve(source.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
        return target;
    }

    private void awaitReady(String svc, int port, Process process) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI ready = URI.create("http://127.0.0.1:" + (port + 1) + "/q/health/ready");
        Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
        while (Instant.now().isBefore(deadline)) {
            if (!process.isAlive()) {
                throw new IllegalStateException(svc + " exited; log: " + home.resolve(svc + ".log"));
            }
            try {
                if (http.send(HttpRequest.newBuilder(ready).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(300);
        }
        throw new IllegalStateException(svc + " not ready in 120 s; log: " + home.resolve(svc + ".log"));
    }

    /**
     * The last warnings and errors each service of each running suite logged (Quarkus' WARN and ERROR lines), for a failed
     * test's output: what routing or a stage complained of is often the why of a test's 202 or timeout.
     */
    static String recentTroubles() {
        StringBuilder out = new StringBuilder();
        for (Suite suite : OPEN) {
            for (String svc : SERVICES) {
                List<String> troubles;
                try (Stream<String> lines = Files.lines(suite.log(svc), StandardCharsets.ISO_8859_1)) {
                    troubles = lines.filter(l -> l.contains(" WARN ") || l.contains(" ERROR ")).toList();
                } catch (IOException | UncheckedIOException e) {
                    continue;
                }
                if (!troubles.isEmpty()) {
                    out.append("--- suite ").append(suite.name).append(", ").append(svc).append(" (").append(troubles.size())
                            .append(" warnings and errors, the last shown):\n");
                    troubles.subList(Math.max(0, troubles.size() - TROUBLES_SHOWN), troubles.size())
                            .forEach(l -> out.append(l.length() > 400 ? l.substring(0, 400) + " ..." : l).append('\n'));
                }
            }
        }
        return out.toString();
    }

    @Override
    public void close() {
        OPEN.remove(this);
        processes.forEach(Process::destroy);
        for (Process p : processes) {
            try {
                if (!p.waitFor(Duration.ofSeconds(15))) {
                    p.destroyForcibly();
                    p.waitFor(Duration.ofSeconds(15));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        // The copies of the applications (about 100 MB each) go; the logs stay.
        for (String svc : SERVICES) {
            Scratch.delete(home.resolve(svc));
        }
    }
}
