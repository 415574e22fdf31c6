package io.mediagate.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the repository root (the folder holding {@code infra/}) from any module's working directory. */
public final class RepoPaths {
    private RepoPaths() {
    }

    public static Path root() {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null) {
            if (Files.isDirectory(dir.resolve("infra/launcher")) && Files.exists(dir.resolve("pom.xml"))) {
                return dir;
            }
            dir = dir.getParent();
        }
        throw new IllegalStateException("cannot find the repository root above " + Path.of("").toAbsolutePath());
    }

    /** The runtime jars of an infra module; fails clearly when it has not been built. */
    public static Path lib(String module) {
        Path lib = root().resolve("infra").resolve(module).resolve("target/lib");
        if (!Files.isDirectory(lib)) {
            throw new IllegalStateException(lib + " is missing: run ./mvnw -B package -pl infra/" + module + " first");
        }
        return lib;
    }
}
