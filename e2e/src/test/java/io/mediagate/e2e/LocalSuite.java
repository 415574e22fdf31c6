package io.mediagate.e2e;

import io.mediagate.infra.FreePort;
import io.mediagate.testing.RepoPaths;
import io.mediagate.testing.TestInfra;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The suite as a newcomer runs it: {@code ./mediagate up} (H2 files, and the script's own Kafka, S3 server and
 * Redis), here in a folder ({@code MEDIAGATE_HOME}) and on ports of its own, from the local builds Maven just made
 * ({@code MEDIAGATE_PREBUILT=1}). A killed service is started again the way an operator would: {@code ./mediagate up}.
 */
final class LocalSuite implements AutoCloseable {
    /** The six services {@code ./mediagate up} runs. */
    static final List<String> SERVICES = List.of("gateway-service", "routing-service", "catalog-service", "media-service",
            "usage-service", "video-pipeline-service");
    /**
     * Management ports as offsets from {@code MEDIAGATE_MANAGEMENT_PORT}, as the script numbers them: the six services',
     * and those of the pipeline stages' Deployments of {@code up --kube} (deploy/kube.sh).
     */
    private static final Map<String, Integer> MANAGEMENT_OFFSETS = Map.of("gateway-service", 0, "routing-service", 2,
            "catalog-service", 3, "media-service", 4, "usage-service", 5, "video-pipeline-service", 6,
            "video-pipeline-transcode", 6, "video-pipeline-thumbnail", 1, "video-pipeline-storage", 7);
    private final Path home;
    private final List<String> upArguments;
    private final Duration upTimeout;
    private final Map<String, String> env = new LinkedHashMap<>();

    private LocalSuite(Path home, List<String> upArguments, Duration upTimeout) {
        this.home = home;
        this.upArguments = upArguments;
        this.upTimeout = upTimeout;
    }

    /** Starts a suite named {@code name}, with {@code extra} environment for the script and every service. */
    static LocalSuite up(String name, Map<String, String> extra) throws Exception {
        return up(name, extra, List.of(), Duration.ofMinutes(5));
    }

    /**
     * As {@link #up(String, Map)}, with {@code ./mediagate up}'s {@code arguments} ({@code --containers}, {@code --kube}), given
     * {@code timeout} to start (building images takes minutes the first time).
     */
    static LocalSuite up(String name, Map<String, String> extra, List<String> arguments, Duration timeout) throws Exception {
        LocalSuite suite = new LocalSuite(TestInfra.get().home().resolve("local-" + name), arguments, timeout);
        suite.env.put("MEDIAGATE_HOME", suite.home.toString());
        suite.env.put("MEDIAGATE_PREBUILT", "1");
        suite.env.put("JAVA_HOME", System.getProperty("java.home"));
        suite.env.put("MEDIAGATE_PORT", String.valueOf(FreePort.find(8)));
        suite.env.put("MEDIAGATE_MANAGEMENT_PORT", String.valueOf(FreePort.find(8)));
        suite.env.put("MEDIAGATE_KAFKA_PORT", String.valueOf(FreePort.find(2)));
        suite.env.put("MEDIAGATE_S3_PORT", String.valueOf(FreePort.find(1)));
        suite.env.put("MEDIAGATE_REDIS_PORT", String.valueOf(FreePort.find(1)));
        suite.env.putAll(extra);
        try {
            suite.up();
            return suite;
        } catch (Exception e) {
            suite.close();
            throw e;
        }
    }

    /** {@code ./mediagate up}: starts whatever is not running and waits until every service is ready. */
    void up() throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("up"));
        command.addAll(upArguments);
        String out = script(command, upTimeout);
        if (!Files.exists(home.resolve("env"))) {
            throw new IllegalStateException("./mediagate up printed no keys:\n" + out);
        }
    }

    String baseUrl() throws IOException {
        return setting("MEDIAGATE_URL");
    }

    String adminKey() throws IOException {
        return setting("MEDIAGATE_ADMIN_KEY");
    }

    String userKey() throws IOException {
        return setting("MEDIAGATE_USER_KEY");
    }

    /** Where {@code service} answers health, readiness and metrics. */
    String managementUrl(String service) {
        return "http://127.0.0.1:" + (Integer.parseInt(env.get("MEDIAGATE_MANAGEMENT_PORT")) + MANAGEMENT_OFFSETS.get(service));
    }

    /** The process {@code service} runs as (in a container: the container's process, as the host sees it). */
    long pid(String service) throws IOException {
        return Long.parseLong(Files.readString(home.resolve("pids").resolve(service)).trim());
    }

    /** The container {@code service} runs in ({@code ./mediagate up --containers} or {@code --kube}). */
    String container(String service) throws IOException {
        return Files.readString(home.resolve("pids").resolve(service + ".container")).trim();
    }

    /** The suite's folder ({@code MEDIAGATE_HOME}). */
    Path home() {
        return home;
    }

    /** Kills {@code service} as {@code kill -9} does and waits until it is gone. */
    void kill(String service) throws Exception {
        ProcessHandle process = ProcessHandle.of(pid(service)).orElseThrow(() -> new IllegalStateException(service + " is not running"));
        process.destroyForcibly();
        process.onExit().get(30, TimeUnit.SECONDS);
    }

    /** A service's current log, and the one of its run before the last start ({@code .1}). */
    Path log(String service) {
        return home.resolve("logs").resolve(service + ".log");
    }

    Path previousLog(String service) {
        return home.resolve("logs").resolve(service + ".log.1");
    }

    private String setting(String name) throws IOException {
        for (String line : Files.readAllLines(home.resolve("env"))) {
            if (line.startsWith(name + "=")) {
                return line.substring(name.length() + 1);
            }
        }
        throw new IllegalStateException(name + " is not in " + home.resolve("env"));
    }

    private String script(List<String> args, Duration timeout) throws IOException, InterruptedException {
        Files.createDirectories(home);
        Path output = Files.createTempFile(home, "mediagate-", ".out");
        List<String> command = new ArrayList<>(List.of(RepoPaths.root().resolve("mediagate").toString()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command).directory(RepoPaths.root().toFile())
                .redirectErrorStream(true).redirectOutput(output.toFile());
        builder.environment().putAll(env);
        Process process = builder.start();
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("./mediagate " + args + " did not finish in " + timeout + ":\n" + Files.readString(output));
        }
        String out = Files.readString(output);
        if (process.exitValue() != 0) {
            throw new IllegalStateException("./mediagate " + args + " failed:\n" + out);
        }
        return out;
    }

    @Override
    public void close() {
        try {
            script(List.of("down"), Duration.ofMinutes(2));
        } catch (IOException | RuntimeException e) {
            System.err.println("./mediagate down failed: " + e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
