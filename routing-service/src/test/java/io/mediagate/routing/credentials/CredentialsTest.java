package io.mediagate.routing.credentials;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.provenance.ContentCredentials;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.testing.C2paReference;
import io.mediagate.testing.TestImages;
import io.mediagate.testing.TestInfra;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Generated images are signed unless the operator turns C2PA off, and a deployment without its credential says so. */
class CredentialsTest {
    private static final ContentCredentials.Generation MADE = new ContentCredentials.Generation("local/pattern:1.0", "local", "job_x", "p");
    private final Path keys = TestInfra.get().keys();

    private Credentials credentials(boolean enabled) {
        return new Credentials(enabled, keys.resolve("c2pa-signing-key.pem"), keys.resolve("c2pa-signing-chain.pem"), false, "0.1.0");
    }

    @Test
    void eachImageOfAFormatWithC2paIsSignedAndTheRestAreKeptAsTheyAre() throws Exception {
        byte[] png = TestImages.png(16, 16);
        byte[] gif = "GIF89a".getBytes(StandardCharsets.US_ASCII);
        List<GeneratedImage> made = credentials(true).created(List.of(new GeneratedImage(png, "image/png", "revised"),
                new GeneratedImage(gif, "image/gif", null)), MADE);
        assertEquals("revised", made.getFirst().revisedPrompt(), "only the bytes change");
        C2paReference.Reading reading = C2paReference.read(made.getFirst().bytes(), "image/png", Optional.of(keys.resolve("c2pa-ca.pem")));
        assertEquals("Trusted", reading.state(), reading.codes("failure").toString());
        assertArrayEquals(gif, made.get(1).bytes());
    }

    @Test
    void offSignsNothing() {
        List<GeneratedImage> images = List.of(new GeneratedImage(TestImages.png(16, 16), "image/png", null));
        assertSame(images, credentials(false).created(images, MADE));
    }

    @Test
    void onWithoutACredentialFailsSayingWhereItBelongs() {
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> new Credentials(true, keys.resolve("missing.pem"), keys.resolve("missing-chain.pem"), false, "0.1.0"));
        assertEquals(true, e.getMessage().contains("MEDIAGATE_C2PA"), e.getMessage());
    }
}
