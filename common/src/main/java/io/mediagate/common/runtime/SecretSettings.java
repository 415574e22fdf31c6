package io.mediagate.common.runtime;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.eclipse.microprofile.config.Config;

/**
 * Refuses to start a service configured with a weak secret ({@link SecretRules}), naming the variable and why, before
 * it serves or consumes anything. Every service checks every one of these settings it has: a service without a
 * database has no {@code quarkus.datasource.password} to check.
 *
 * <p>A setting left empty is not checked: the admin API is then closed, and a database, Redis or Kafka without a
 * password is the operator's choice (the local PostgreSQL of {@code ./mediagate up --containers} trusts 127.0.0.1). A
 * value that is set is checked everywhere, the local run and the tests included, which therefore use random values.
 */
@ApplicationScoped
public class SecretSettings {
    /** A setting holding a secret: its configuration property, the variable operators set, and whether it is a key. */
    record Setting(String property, String variable, boolean key) {
    }

    static final List<Setting> SETTINGS = List.of(
            new Setting("mediagate.admin.key", "MEDIAGATE_ADMIN_KEY", true),
            new Setting("quarkus.datasource.password", "MEDIAGATE_DB_PASSWORD", true),
            new Setting("mediagate.s3.secret-key", "MEDIAGATE_S3_SECRET_KEY", true),
            // An access key id names the account (AWS's are 20 characters): only a documented one is refused.
            new Setting("mediagate.s3.access-key", "MEDIAGATE_S3_ACCESS_KEY", false),
            new Setting("mediagate.kafka.password", "MEDIAGATE_KAFKA_PASSWORD", true),
            new Setting("quarkus.redis.password", "MEDIAGATE_REDIS_PASSWORD", true));

    private final Config config;

    SecretSettings(Config config) {
        this.config = config;
    }

    /**
     * As the container starts, before the database is migrated and before anything connects to Kafka or Redis or serves a
     * request (Quarkus' start-up event comes after the migration, which would already have used a weak password).
     */
    void check(@Observes @Initialized(ApplicationScoped.class) Object started) {
        List<String> problems = problems(name -> config.getOptionalValue(name, String.class));
        if (!problems.isEmpty()) {
            throw new IllegalStateException("refusing to start: " + String.join("; ", problems)
                    + ". Set each to a random value of at least " + SecretRules.MIN_LENGTH
                    + " characters (e.g. openssl rand -base64 32), or leave it unset where nothing needs it.");
        }
    }

    /** One sentence per weak setting among those {@code lookup} finds set. */
    static List<String> problems(Function<String, Optional<String>> lookup) {
        List<String> problems = new ArrayList<>();
        for (Setting setting : SETTINGS) {
            Optional<String> value = lookup.apply(setting.property()).filter(v -> !v.isEmpty());
            if (value.isEmpty()) {
                continue;
            }
            Optional<String> weakness = setting.key() ? SecretRules.weakness(value.get()) : SecretRules.placeholder(value.get());
            if (setting.variable().equals("MEDIAGATE_KAFKA_PASSWORD") && weakness.isEmpty()
                    && (value.get().contains("\"") || value.get().contains("\\"))) {
                // It is written into a JAAS line between double quotes (kafka.sasl.jaas.config).
                weakness = Optional.of("it holds a double quote or a backslash, which the Kafka client's JAAS line cannot carry");
            }
            weakness.ifPresent(why -> problems.add(setting.variable() + " (" + setting.property() + ") cannot be used: " + why));
        }
        return problems;
    }
}
