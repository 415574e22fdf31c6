package io.mediagate.ffmpeg;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.DoubleConsumer;

/**
 * The ffmpeg and ffprobe programs and how to run them: with a deadline, killed when the deadline
 * passes or the calling thread is interrupted, and with the end of stderr in the error when they fail.
 * <p>A system ffmpeg is used when {@code MEDIAGATE_FFMPEG} names one ({@code MEDIAGATE_FFPROBE}, else
 * the {@code ffprobe} beside it); otherwise the programs packed in the bytedeco Maven artifact, unpacked
 * under {@code MEDIAGATE_FFMPEG_CACHE} (default {@code ~/.cache/mediagate}).
 */
public final class Ffmpeg {
    private static final int STDERR_TAIL = 1500;
    private static final String OUT_TIME = "out_time_us=";
    private final Path ffmpeg;
    private final Path ffprobe;
    private final Map<String, String> environment;

    private Ffmpeg(Path ffmpeg, Path ffprobe, Map<String, String> environment) {
        this.ffmpeg = ffmpeg;
        this.ffprobe = ffprobe;
        this.environment = environment;
    }

    /** Finds the programs as described above and checks that ffmpeg starts. */
    public static Ffmpeg locate() {
        return locate(System.getenv());
    }

    static Ffmpeg locate(Map<String, String> env) {
        String system = env.get("MEDIAGATE_FFMPEG");
        Ffmpeg found;
        if (system != null && !system.isBlank()) {
            Path program = Path.of(system);
            String probe = env.get("MEDIAGATE_FFPROBE");
            found = new Ffmpeg(program, probe == null || probe.isBlank() ? program.resolveSibling("ffprobe") : Path.of(probe), Map.of());
        } else {
            String cache = env.getOrDefault("MEDIAGATE_FFMPEG_CACHE",
                    Path.of(System.getProperty("user.home"), ".cache", "mediagate").toString());
            Path dir = BundledFfmpeg.unpack(Path.of(cache));
            // The packed libraries find each other only through the library path.
            found = new Ffmpeg(dir.resolve("ffmpeg"), dir.resolve("ffprobe"), Map.of("LD_LIBRARY_PATH", dir.toString()));
        }
        found.checkStarts();
        return found;
    }

    private void checkStarts() {
        try {
            run(List.of("-hide_banner", "-version"), Duration.ofSeconds(30));
        } catch (FfmpegException e) {
            String hint = e.getMessage().contains("libpulse")
                    ? " (the packed ffmpeg needs the PulseAudio client library: apt-get install libpulse0)" : "";
            throw new FfmpegException(ffmpeg + " does not start" + hint + ": " + e.getMessage(), false);
        }
    }

    public Path program() {
        return ffmpeg;
    }

    /** Runs ffmpeg with {@code args} (after {@code -hide_banner -nostdin}); throws if it fails or overruns. */
    public void run(List<String> args, Duration deadline) {
        List<String> command = new ArrayList<>(List.of(ffmpeg.toString(), "-hide_banner", "-nostdin"));
        command.addAll(args);
        exec(command, deadline, false, null);
    }

    /**
     * As {@link #run(List, Duration)}, telling {@code written} as it goes how many seconds of media ffmpeg has written (its
     * {@code -progress} report's {@code out_time_us}, about twice a second; with several outputs, the furthest).
     */
    public void run(List<String> args, Duration deadline, DoubleConsumer written) {
        List<String> command = new ArrayList<>(List.of(ffmpeg.toString(), "-hide_banner", "-nostdin", "-progress", "pipe:1", "-nostats"));
        command.addAll(args);
        exec(command, deadline, false, line -> {
            if (line.startsWith(OUT_TIME)) {
                try {
                    written.accept(Long.parseLong(line.substring(OUT_TIME.length()).strip()) / 1e6);
                } catch (NumberFormatException e) {
                    // "N/A" before the first frame
                }
            }
        });
    }

    /** Reads the container and streams of {@code file} with ffprobe. */
    public Probe probe(Path file, Duration deadline) {
        String out = exec(List.of(ffprobe.toString(), "-v", "error", "-print_format", "json", "-show_format",
                "-show_streams", file.toString()), deadline, true, null);
        return Probe.parse(out);
    }

    /** Runs {@code command}; its stdout captured and returned, or given line by line to {@code lines}, or discarded. */
    private String exec(List<String> command, Duration deadline, boolean captureStdout, Consumer<String> lines) {
        Path err = null;
        Path out = null;
        Process process = null;
        try {
            err = Files.createTempFile("ffmpeg-", ".err");
            out = captureStdout ? Files.createTempFile("ffmpeg-", ".out") : null;
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectError(err.toFile())
                    .redirectOutput(out != null ? ProcessBuilder.Redirect.to(out.toFile())
                            : lines != null ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.DISCARD);
            builder.environment().putAll(environment);
            process = builder.start();
            Thread reader = null;
            if (lines != null) {
                Process started = process;
                reader = Thread.ofVirtual().name("ffmpeg-progress").start(() -> read(started, lines));
            }
            if (!process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new FfmpegException(command.getFirst() + " ran past its deadline of " + deadline.toSeconds() + " s", true);
            }
            if (reader != null) {
                reader.join(Duration.ofSeconds(1)); // the last of its report, read to the end
            }
            if (process.exitValue() != 0) {
                throw new FfmpegException(Path.of(command.getFirst()).getFileName() + " exited with " + process.exitValue()
                        + ": " + tail(err), false);
            }
            return out == null ? "" : Files.readString(out, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new FfmpegException("cannot run " + command.getFirst() + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FfmpegException(command.getFirst() + " was interrupted", true);
        } finally {
            if (process != null && process.isAlive()) {
                process.destroyForcibly();
            }
            deleteQuietly(err);
            deleteQuietly(out);
        }
    }

    /** Reads the process's stdout to its end, each line to {@code lines} (a failing reader only stops reading). */
    private static void read(Process process, Consumer<String> lines) {
        try (BufferedReader reader = process.inputReader(StandardCharsets.UTF_8)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.accept(line);
            }
        } catch (IOException | RuntimeException e) {
            // the process ended or was killed; whatever it reported is all there is
        }
    }

    private static String tail(Path err) throws IOException {
        String text = Files.readString(err, StandardCharsets.UTF_8).strip();
        return text.length() <= STDERR_TAIL ? text : "…" + text.substring(text.length() - STDERR_TAIL);
    }

    private static void deleteQuietly(Path path) {
        if (path != null) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // a leftover temp file is harmless
            }
        }
    }
}
