package io.mediagate.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/** Writes an RSA key pair as PEM files, the format the services read their internal-token keys in. */
public final class KeyFiles {
    private KeyFiles() {
    }

    /** {@code KeyFiles <dir>}: writes the pair unless the directory already has one. */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        if (!Files.exists(dir.resolve("internal-private.pem"))) {
            write(dir);
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
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n"
                + Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(der)
                + "\n-----END " + type + "-----\n";
    }
}
