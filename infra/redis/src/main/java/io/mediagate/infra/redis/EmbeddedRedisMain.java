package io.mediagate.infra.redis;

import redis.embedded.RedisServer;

/** Runs the Redis binary packaged in embedded-redis on the given port, its append-only file in the given folder, until killed. */
public final class EmbeddedRedisMain {
    private EmbeddedRedisMain() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        String home = args[1];
        RedisServer server = RedisServer.newRedisServer().port(port).bind("127.0.0.1")
                .setting("save \"\"").setting("appendonly yes").setting("appendfsync everysec").setting("dir " + home).build();
        server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                server.stop();
            } catch (Exception ignored) {
                // exiting anyway
            }
        }));
        Thread.currentThread().join();
    }
}
