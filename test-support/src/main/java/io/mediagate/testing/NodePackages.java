package io.mediagate.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Node tool of the tests: its files copied from the sources into a folder under a module's {@code target}, and its
 * pinned packages ({@code package-lock.json}) installed there once with {@code npm ci}.
 */
public final class NodePackages {
    private NodePackages() {
    }

    /**
     * The folder {@code target} (repository-relative) holding {@code files} of {@code source} and the packages installed;
     * {@code installed} is a folder under {@code node_modules} whose presence means they are.
     */
    public static synchronized Path install(String source, String target, List<String> files, String installed)
            throws IOException, InterruptedException {
        Path from = RepoPaths.root().resolve(source);
        Path dir = RepoPaths.root().resolve(target);
        Files.createDirectories(dir);
        for (String file : files) {
            Files.copy(from.resolve(file), dir.resolve(file), StandardCopyOption.REPLACE_EXISTING);
        }
        if (!Files.isDirectory(dir.resolve("node_modules").resolve(installed))) {
            Process npm = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund", "--prefix", dir.toString())
                    .redirectErrorStream(true).start();
            String output = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!npm.waitFor(5, TimeUnit.MINUTES) || npm.exitValue() != 0) {
                throw new IOException("npm ci in " + dir + " failed: " + output);
            }
        }
        return dir;
    }
}
