package io.mediagate.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * Writes the suite's secrets: an RSA key pair as PEM files (internal tokens), the webhook master key
 * ({@code webhook-master.key}) from which each account's webhook signing secret is derived, and the key
 * that signs private file URLs ({@code url-signing.key}); the HMAC keys are 32 random bytes in base64; and a development
 * C2PA signing credential ({@link SigningChain}: {@code c2pa-signing-key.pem}, {@code c2pa-signing-chain.pem},
 * {@code c2pa-ca.pem}).
 *
 * <p>Private keys and HMAC keys are the owner's alone (0600, in a folder of mode 0700 when this makes it) from the moment
 * they exist, whatever the umask: {@link #writePrivate} writes them to a file created with those permissions and moves
 * it into place, so no other user of the machine can read one even for an instant. Public keys and certificates keep
 * the umask's mode. A container that runs as another user (uid 10001) reads them from a copy of its own
 * ({@code ./mediagate up --containers}), a Kubernetes Secret, or a folder chowned to it (docs/operations.md).
 */
public final class KeyFiles {
    private KeyFiles() {
    }

    /** {@code KeyFiles <dir>}: writes what the directory does not have yet, never replacing a file. */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        if (!Files.exists(dir.resolve("internal-private.pem"))) {
            write(dir);
        }
        writeSecrets(dir);
    }

    /** HMAC keys: account webhook secrets are derived from the first, private file URLs signed with the second. */
    public static final String WEBHOOK_MASTER = "webhook-master.key";
    public static final String URL_SIGNING = "url-signing.key";

    private static void writeSecrets(Path dir) throws IOException {
        SigningChain.write(dir, "Mediagate");
        for (String name : new String[] {WEBHOOK_MASTER, URL_SIGNING}) {
            if (!Files.exists(dir.resolve(name))) {
                byte[] key = new byte[32];
                new java.security.SecureRandom().nextBytes(key);
                writePrivate(dir.resolve(name), Base64.getEncoder().encodeToString(key) + "\n");
            }
        }
    }

    public static void write(Path dir) throws IOException {
        KeyPair pair;
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            pair = generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        createPrivateDirectories(dir);
        writePrivate(dir.resolve("internal-private.pem"), pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
        Files.writeString(dir.resolve("internal-public.pem"), pem("PUBLIC KEY", pair.getPublic().getEncoded()));
        writeSecrets(dir);
    }

    /** Makes {@code dir} (and its missing parents) readable by its owner only; an existing folder keeps its mode. */
    static void createPrivateDirectories(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        }
    }

    /** Writes {@code text} to {@code file} readable and writable by its owner only (0600), never wider even briefly. */
    static void writePrivate(Path file, String text) throws IOException {
        createPrivateDirectories(file.toAbsolutePath().getParent());
        Path partial = Files.createTempFile(file.toAbsolutePath().getParent(), "." + file.getFileName(), ".partial",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(partial, text);
            Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
