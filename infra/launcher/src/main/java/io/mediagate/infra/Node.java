package io.mediagate.infra;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A started infrastructure process: its pid, where it listens and where it logs. */
public record Node(String name, long pid, String endpoint, Path log, Process process) {

    /** Starts {@code command} in {@code home}, logging to {@code home/<name>.log}, and waits for the port. */
    static Node start(String name, Path home, List<String> command, int port, String endpoint, Duration timeout)
            throws IOException, InterruptedException {
        Files.createDirectories(home);
        Path log = home.resolve(name + ".log");
        ProcessBuilder builder = new ProcessBuilder(command)
                .directory(home.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        builder.environment().putIfAbsent("MALLOC_ARENA_MAX", "2"); // glibc keeps fewer per-thread arenas resident
        Process process = builder.start();
        Instant deadline = Instant.now().plus(timeout);
        while (!listening(port)) {
            if (!process.isAlive()) {
                throw new IOException(name + " exited with " + process.exitValue() + "; see " + log);
            }
            if (Instant.now().isAfter(deadline)) {
                process.destroyForcibly();
                throw new IOException(name + " did not open port " + port + " within " + timeout.toSeconds() + " s; see " + log);
            }
            Thread.sleep(200);
        }
        return new Node(name, process.pid(), endpoint, log, process);
    }

    static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 300);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Small-footprint settings for the local infrastructure JVMs (they share two cores and a memory budget
     * with six services): the serial collector, the quick JIT tier only (little compiler CPU and memory),
     * small thread stacks, and unused native memory handed back to the system every ten seconds.
     */
    static final List<String> LEAN = List.of("-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k",
            "-XX:TrimNativeHeapInterval=10000");

    /**
     * {@code java} of the running JVM, with the given heap, classpath and main class; then any options in
     * {@code MEDIAGATE_JVM_OPTS_<name>} (as for the services: {@code MEDIAGATE_JVM_OPTS_kafka}, {@code _s3}, {@code _redis}).
     */
    static List<String> java(String name, String heap, Path classpath, String mainClass, List<String> jvmArgs) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + heap);
        cmd.addAll(LEAN);
        cmd.addAll(jvmArgs);
        String own = System.getenv("MEDIAGATE_JVM_OPTS_" + name);
        if (own != null && !own.isBlank()) {
            cmd.addAll(List.of(own.trim().split("\\s+")));
        }
        cmd.add("-cp");
        cmd.add(classpath.toAbsolutePath() + "/*");
        cmd.add(mainClass);
        return cmd;
    }

    public void stop() {
        process.destroy();
    }
}
