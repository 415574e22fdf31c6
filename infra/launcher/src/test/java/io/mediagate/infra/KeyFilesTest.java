package io.mediagate.infra;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code ./mediagate keys DIR} and the local suite's keys: every private key is its owner's alone (0600). */
class KeyFilesTest {
    private static final List<String> PRIVATE = List.of("internal-private.pem", "c2pa-signing-key.pem", KeyFiles.WEBHOOK_MASTER,
            KeyFiles.URL_SIGNING);

    private static String mode(Path path) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(path));
    }

    @Test
    void theKeysFolderAndEveryPrivateKeyInItAreTheOwnersAlone(@TempDir Path temp) throws Exception {
        Path dir = temp.resolve("secrets/keys");
        KeyFiles.main(new String[] {dir.toString()});
        assertEquals("rwx------", mode(dir), "the folder ./mediagate keys makes");
        for (String name : PRIVATE) {
            assertEquals("rw-------", mode(dir.resolve(name)), name);
        }
        for (String name : List.of("internal-public.pem", "c2pa-signing-chain.pem", "c2pa-ca.pem")) {
            assertTrue(Files.isRegularFile(dir.resolve(name)), name + " is written too (public: the umask's mode)");
        }
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(), files.filter(f -> f.getFileName().toString().endsWith(".partial")).toList(), "nothing half-written left");
        }
    }

    @Test
    void aPrivateKeyReplacingAReadableFileIsWrittenOwnerOnly(@TempDir Path dir) throws Exception {
        Path key = dir.resolve("internal-private.pem");
        Files.writeString(key, "old");
        Files.setPosixFilePermissions(key, PosixFilePermissions.fromString("rw-r--r--"));
        KeyFiles.write(dir);
        assertEquals("rw-------", mode(key));
        assertTrue(Files.readString(key).startsWith("-----BEGIN PRIVATE KEY-----"));
    }

    @Test
    void writingAgainKeepsTheKeysAndTheirModes(@TempDir Path dir) throws Exception {
        KeyFiles.main(new String[] {dir.toString()});
        String first = Files.readString(dir.resolve("internal-private.pem"));
        KeyFiles.main(new String[] {dir.toString()});
        assertEquals(first, Files.readString(dir.resolve("internal-private.pem")), "a second ./mediagate up keeps the key pair");
        for (String name : PRIVATE) {
            assertEquals("rw-------", mode(dir.resolve(name)), name);
        }
    }
}
