package io.mediagate.testing;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.util.HashMap;
import java.util.Map;

/**
 * Points a service under {@code @QuarkusTest} at real infrastructure: a fresh PostgreSQL database named
 * by the {@code service} argument, Kafka, the S3 server, Redis and a fresh internal-token key pair.
 * Arguments: {@code service} (required), {@code kafka}, {@code s3}, {@code db} ("true"/"false"); any
 * argument named {@code config:<key>} is passed on as that configuration property.
 */
public class ServiceResource implements QuarkusTestResourceLifecycleManager {
    private Map<String, String> args = Map.of();

    @Override
    public void init(Map<String, String> initArgs) {
        this.args = initArgs;
    }

    @Override
    public Map<String, String> start() {
        TestInfra infra = TestInfra.get();
        Map<String, String> config = new HashMap<>();
        String keys = infra.keys().toString();
        config.put("mp.jwt.verify.publickey.location", keys + "/internal-public.pem");
        config.put("smallrye.jwt.sign.key.location", keys + "/internal-private.pem");
        config.put("mediagate.webhooks.master-key-location", keys + "/webhook-master.key");
        config.put("mediagate.media.url-signing-key-location", keys + "/url-signing.key");
        config.put("mediagate.c2pa.key-location", keys + "/c2pa-signing-key.pem");
        config.put("mediagate.c2pa.chain-location", keys + "/c2pa-signing-chain.pem");
        config.put("quarkus.redis.hosts", infra.redis());
        // Each test JVM counts rate limits under its own Redis prefix, so runs cannot disturb each other.
        config.put("mediagate.limits.key-prefix", infra.redisPrefix());
        if (!"false".equals(args.get("db"))) {
            config.put("quarkus.datasource.jdbc.url", infra.freshDatabase(args.getOrDefault("service", "service")));
            config.put("quarkus.datasource.username", infra.postgresUser());
        }
        if ("true".equals(args.get("kafka"))) {
            config.put("kafka.bootstrap.servers", infra.kafka());
        }
        if ("true".equals(args.get("s3"))) {
            config.put("mediagate.s3.endpoint", infra.s3());
            config.put("mediagate.s3.access-key", TestInfra.S3_ACCESS);
            config.put("mediagate.s3.secret-key", infra.s3Secret());
            config.put("mediagate.media.bucket", "test-" + args.getOrDefault("service", "service"));
        }
        args.forEach((k, v) -> {
            if (k.startsWith("config:")) {
                config.put(k.substring(7), v);
            }
        });
        return config;
    }

    @Override
    public void stop() {
        // Infrastructure lives for the whole test JVM and stops with it.
    }
}
