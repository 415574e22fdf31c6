package io.mediagate.ffmpeg;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Scratch directories for media work (inputs, ffmpeg outputs): removed whole when the work is done. */
public final class Scratch {
    private Scratch() {
    }

    /**
     * Deletes {@code dir} and everything in it (or, given a file, the file); null, a missing path or a file that will not
     * go is ignored.
     */
    public static void delete(Path dir) {
        if (dir == null || !Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException ignored) {
            // scratch space: what is left is overwritten by the next run of the same work
        }
    }
}
