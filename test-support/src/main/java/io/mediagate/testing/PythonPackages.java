package io.mediagate.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Python tool of the tests: its files copied from the sources into a folder under a module's {@code target}, and its
 * pinned packages ({@code requirements.txt}) installed once into a virtual environment there with pip, from the
 * machine's local package mirror ({@value #MIRROR}) where it has one, else from pip's configured indexes.
 */
public final class PythonPackages {
    static final String MIRROR = "/opt/pypi/simple";

    private PythonPackages() {
    }

    /**
     * The folder {@code target} (repository-relative) holding {@code files} of {@code source} (one of them
     * {@code requirements.txt}) and, in {@code venv}, the packages installed; the interpreter is {@link #python}.
     */
    public static synchronized Path install(String source, String target, List<String> files) throws IOException, InterruptedException {
        Path from = RepoPaths.root().resolve(source);
        Path dir = RepoPaths.root().resolve(target);
        Files.createDirectories(dir);
        for (String file : files) {
            Files.copy(from.resolve(file), dir.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        Path done = dir.resolve("venv").resolve("installed.txt");
        String wanted = Files.readString(dir.resolve("requirements.txt"));
        if (!Files.exists(done) || !Files.readString(done).equals(wanted)) {
            run(dir, List.of("python3", "-m", "venv", "--clear", dir.resolve("venv").toString()));
            List<String> pip = new ArrayList<>(List.of(python(dir).toString(), "-m", "pip", "install", "--quiet",
                    "--disable-pip-version-check", "-r", dir.resolve("requirements.txt").toString()));
            if (Files.isDirectory(Path.of(MIRROR))) {
                pip.addAll(List.of("--index-url", "file://" + MIRROR));
            }
            run(dir, pip);
            Files.writeString(done, wanted);
        }
        return dir;
    }

    /** The virtual environment's interpreter in {@code dir}. */
    public static Path python(Path dir) {
        return dir.resolve("venv").resolve("bin").resolve("python");
    }

    private static void run(Path dir, List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(10, TimeUnit.MINUTES) || process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
    }
}
