package io.mediagate.e2e;

import io.mediagate.testing.RepoPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What each service reads, from its configuration files (the same files Quarkus reads): the {@code MEDIAGATE_*}
 * variables its settings name, with their defaults, the secrets among them, and the key files under
 * {@code MEDIAGATE_KEYS_DIR} it opens. The deployment files are held to it: each service is given what it reads and no
 * secret it does not.
 */
final class ServiceSettings {
    /** The variables holding secrets (common's SecretSettings checks each one a service reads). */
    static final List<String> SECRETS = List.of("MEDIAGATE_ADMIN_KEY", "MEDIAGATE_DB_PASSWORD", "MEDIAGATE_S3_ACCESS_KEY",
            "MEDIAGATE_S3_SECRET_KEY", "MEDIAGATE_KAFKA_PASSWORD", "MEDIAGATE_REDIS_PASSWORD");
    private static final Pattern SETTING = Pattern.compile("\\$\\{(MEDIAGATE_[A-Z0-9_]+)(?::([^}]*))?}");
    private static final Pattern KEY_FILE = Pattern.compile("\\$\\{MEDIAGATE_KEYS_DIR:[^}]*}/([\\w.-]+)");

    private ServiceSettings() {
    }

    /** A service's configuration as Quarkus layers it: common's, the staging bucket's where it has one, its own. */
    private static String configuration(String service) {
        try {
            Path root = RepoPaths.root();
            StringBuilder all = new StringBuilder(Files.readString(root.resolve("common/src/main/resources/META-INF/microprofile-config.properties")));
            if (Files.readString(root.resolve(service + "/pom.xml")).contains("<artifactId>staging</artifactId>")) {
                all.append('\n').append(Files.readString(root.resolve("staging/src/main/resources/META-INF/microprofile-config.properties")));
            }
            return all.append('\n').append(Files.readString(root.resolve(service + "/src/main/resources/application.properties"))).toString();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The {@code MEDIAGATE_*} variables a service reads and their defaults (null: none). */
    static Map<String, String> settings(String service) {
        Map<String, String> found = new HashMap<>();
        Matcher m = SETTING.matcher(configuration(service));
        while (m.find()) {
            found.put(m.group(1), m.group(2));
        }
        return found;
    }

    /** The secrets a service reads. */
    static Set<String> secrets(String service) {
        Set<String> read = new TreeSet<>(settings(service).keySet());
        read.retainAll(SECRETS);
        return read;
    }

    /** The files of {@code MEDIAGATE_KEYS_DIR} a service opens. */
    static Set<String> keyFiles(String service) {
        Set<String> files = new TreeSet<>();
        Matcher m = KEY_FILE.matcher(configuration(service));
        while (m.find()) {
            files.add(m.group(1));
        }
        return files;
    }
}
