package io.mediagate.testing;

import io.mediagate.infra.FreePort;
import io.mediagate.infra.KafkaNode;
import io.mediagate.infra.KeyFiles;
import io.mediagate.infra.Node;
import io.mediagate.infra.S3Node;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

/**
 * The real infrastructure tests run against, one per test JVM. Kafka and the S3 server come from the
 * environment when {@code ./mediagate test} started them once for the whole build
 * ({@code MEDIAGATE_TEST_KAFKA}, {@code MEDIAGATE_TEST_S3}); otherwise this JVM starts its own from the
 * infra modules. PostgreSQL and Redis are the machine's ({@code MEDIAGATE_TEST_PG}, {@code MEDIAGATE_TEST_REDIS}).
 */
public final class TestInfra {
    public static final String S3_ACCESS = "mediagate-test";
    private static TestInfra instance;

    private final Path home;
    private String kafka;
    private String s3;
    private String s3Secret;
    private Path keys;

    private TestInfra() throws IOException {
        home = Files.createTempDirectory("mediagate-test-");
    }

    public static synchronized TestInfra get() {
        if (instance == null) {
            try {
                instance = new TestInfra();
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return instance;
    }

    public synchronized String kafka() {
        if (kafka == null) {
            kafka = env("MEDIAGATE_TEST_KAFKA");
            if (kafka == null) {
                kafka = started(() -> KafkaNode.start(RepoPaths.lib("kafka"), home.resolve("kafka"), freePort(2))).endpoint();
            }
        }
        return kafka;
    }

    public synchronized String s3() {
        if (s3 == null) {
            s3 = env("MEDIAGATE_TEST_S3");
            s3Secret = env("MEDIAGATE_TEST_S3_SECRET");
            if (s3 == null) {
                s3Secret = UUID.randomUUID().toString();
                s3 = started(() -> S3Node.start(RepoPaths.lib("s3"), home.resolve("s3"), freePort(1), S3_ACCESS, s3Secret)).endpoint();
            }
        }
        return s3;
    }

    public synchronized String s3Secret() {
        s3();
        return s3Secret;
    }

    public String redis() {
        String redis = env("MEDIAGATE_TEST_REDIS");
        return redis == null ? "redis://127.0.0.1:6379" : redis;
    }

    /** A Redis key prefix unique to this test JVM. */
    public String redisPrefix() {
        return "mgtest-" + home.getFileName().toString().replaceAll("[^A-Za-z0-9]", "");
    }

    public String postgresHostPort() {
        String pg = env("MEDIAGATE_TEST_PG");
        return pg == null ? "127.0.0.1:5432" : pg;
    }

    public String postgresUser() {
        String user = env("MEDIAGATE_TEST_PG_USER");
        return user == null ? "postgres" : user;
    }

    /** A fresh, empty PostgreSQL database for one service's tests; returns its JDBC URL. */
    public String freshDatabase(String name) {
        String db = "mg_test_" + name.replaceAll("[^a-z0-9_]", "_");
        try (Connection c = DriverManager.getConnection("jdbc:postgresql://" + postgresHostPort() + "/postgres", postgresUser(), "");
             Statement s = c.createStatement()) {
            s.execute("DROP DATABASE IF EXISTS " + db + " WITH (FORCE)");
            s.execute("CREATE DATABASE " + db);
        } catch (SQLException e) {
            throw new IllegalStateException("PostgreSQL at " + postgresHostPort() + " is needed for the tests: " + e.getMessage(), e);
        }
        return "jdbc:postgresql://" + postgresHostPort() + "/" + db;
    }

    /** A directory with a fresh internal-token key pair ({@code internal-private.pem}, {@code internal-public.pem}). */
    public synchronized Path keys() {
        if (keys == null) {
            keys = home.resolve("keys");
            try {
                KeyFiles.write(keys);
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
        }
        return keys;
    }

    public Path home() {
        return home;
    }

    private interface Starter {
        Node start() throws IOException, InterruptedException;
    }

    private static Node started(Starter starter) {
        try {
            Node node = starter.start();
            Runtime.getRuntime().addShutdownHook(new Thread(node::stop));
            return node;
        } catch (IOException e) {
            throw new IllegalStateException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static int freePort(int count) {
        try {
            return FreePort.find(count);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String env(String name) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? null : v;
    }
}
