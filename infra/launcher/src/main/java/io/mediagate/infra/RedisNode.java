package io.mediagate.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Redis: the machine's {@code redis-server} when there is one, else the binary packaged in the
 * embedded-redis artifact ({@code infra/redis}). It keeps an append-only file in {@code home}, written before each
 * answer (and synced every second), so the idempotency records, job placeholders and spend counters the gateway
 * keeps there survive Redis being killed and started again.
 */
public final class RedisNode {
    private RedisNode() {
    }

    public static Node start(Path lib, Path home, int port) throws IOException, InterruptedException {
        Files.createDirectories(home);
        List<String> cmd;
        Path system = systemRedis();
        if (system != null) {
            cmd = List.of(system.toString(), "--port", String.valueOf(port), "--bind", "127.0.0.1",
                    "--save", "", "--appendonly", "yes", "--appendfsync", "everysec", "--dir", home.toAbsolutePath().toString());
        } else {
            cmd = new ArrayList<>(Node.java("redis", "64m", lib, "io.mediagate.infra.redis.EmbeddedRedisMain", List.of()));
            cmd.add(String.valueOf(port));
            cmd.add(home.toAbsolutePath().toString());
        }
        return Node.start("redis", home, cmd, port, "redis://127.0.0.1:" + port, Duration.ofSeconds(30));
    }

    private static Path systemRedis() {
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(":")) {
            Path candidate = Path.of(dir, "redis-server");
            if (Files.isExecutable(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
