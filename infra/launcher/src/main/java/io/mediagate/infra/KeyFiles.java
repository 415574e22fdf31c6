package io.mediagate.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
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
                Files.writeString(dir.resolve(name), Base64.getEncoder().encodeToString(key) + "\n");
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
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("internal-private.pem"), pem("PRIVATE KEY", pair.getPrivate().getEncoded()));
        Files.writeString(dir.resolve("internal-public.pem"), pem("PUBLIC KEY", pair.getPublic().getEncoded()));
        writeSecrets(dir);
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
