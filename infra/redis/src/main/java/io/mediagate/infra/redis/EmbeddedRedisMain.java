package io.mediagate.infra.redis;

import redis.embedded.RedisServer;

/** Runs the Redis binary packaged in embedded-redis on the given port until killed. */
public final class EmbeddedRedisMain {
    private EmbeddedRedisMain() {
    }

    public static void main(String[] args) throws Exception {
        int port = Integer.parseInt(args[0]);
        RedisServer server = RedisServer.newRedisServer().port(port).bind("127.0.0.1").build();
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
