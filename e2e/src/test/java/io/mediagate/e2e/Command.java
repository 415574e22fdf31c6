package io.mediagate.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** A short command of the tests' own (podman, docker-compose), run to its end: its exit code and output. */
record Command(int exit, String output) {
    /** Runs {@code command} with {@code env} added to this process's environment (a null value removes that variable). */
    static Command run(List<String> command, Map<String, String> env, Duration timeout) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        env.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(command + " did not end in " + timeout);
        }
        return new Command(process.exitValue(), output);
    }
}
