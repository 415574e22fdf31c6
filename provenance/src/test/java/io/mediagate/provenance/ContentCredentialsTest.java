package io.mediagate.provenance;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.infra.SigningChain;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.testing.C2paReference;
import io.mediagate.testing.TestImages;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a generated file's credentials say, and which files are left as they are. */
class ContentCredentialsTest {
    @TempDir
    static Path keys;
    private static SigningKey key;
    private static final ContentCredentials.Generation MADE = new ContentCredentials.Generation("openai/gpt-image-1:2025-04-23", "openai",
            "job_abc", "a red fox in snow");

    @BeforeAll
    static void credential() throws Exception {
        SigningChain.write(keys, "Mediagate test");
        key = SigningKey.read(keys.resolve("c2pa-signing-key.pem"), keys.resolve("c2pa-signing-chain.pem"));
    }

    @Test
    void aGeneratedImageSaysItWasMadeByATrainedModelAndByWhichOneButNotThePrompt() throws Exception {
        byte[] signed = new ContentCredentials(key, "1.2.3", false).created(TestImages.png(32, 32), "image/png", MADE).orElseThrow();
        C2paReference.Reading reading = C2paReference.read(signed, "image/png", Optional.empty());
        assertEquals(java.util.List.of("signingCredential.untrusted"), reading.codes("failure"));
        var action = reading.assertion("c2pa.actions.v2").path("actions").get(0);
        assertEquals("c2pa.created", action.path("action").asText());
        assertEquals(ContentCredentials.TRAINED_ALGORITHMIC_MEDIA, action.path("digitalSourceType").asText());
        assertEquals("1.2.3", action.path("softwareAgent").path("version").asText());
        var generation = reading.assertion(ContentCredentials.GENERATION);
        assertEquals("openai/gpt-image-1:2025-04-23", generation.path("model").asText());
        assertEquals("openai", generation.path("provider").asText());
        assertEquals("job_abc", generation.path("job").asText());
        assertFalse(generation.has("prompt"), "the prompt is not written unless the operator asks: " + generation);
        assertFalse(new String(signed, StandardCharsets.ISO_8859_1).contains("red fox"), "nor anywhere else in the file");
    }

    @Test
    void thePromptIsWrittenWhenTheOperatorTurnsThatOn() throws Exception {
        byte[] signed = new ContentCredentials(key, "1.2.3", true).created(TestImages.jpeg(32, 32), "image/jpeg", MADE).orElseThrow();
        C2paReference.Reading reading = C2paReference.read(signed, "image/jpeg", Optional.empty());
        assertEquals("a red fox in snow", reading.assertion(ContentCredentials.GENERATION).path("prompt").asText());
    }

    @Test
    void aFileWithCredentialsOfItsOwnOrOfAFormatWithoutC2paHereIsLeftAlone() {
        ContentCredentials credentials = new ContentCredentials(key, "1.2.3", false);
        byte[] providers = credentials.created(TestImages.webp(8, 8, 0xff00ff00), "image/webp", MADE).orElseThrow();
        assertTrue(credentials.created(providers, "image/webp", MADE).isEmpty(), "a provider's credentials are kept as they are");
        byte[] gif = "GIF89a...".getBytes(StandardCharsets.US_ASCII);
        assertTrue(credentials.created(gif, "image/gif", MADE).isEmpty());
        byte[] mislabelled = TestImages.png(8, 8);
        assertTrue(credentials.created(mislabelled, "image/jpeg", MADE).isEmpty(), "bytes that are not of the type said are not signed");
        assertArrayEquals(TestImages.png(8, 8), mislabelled);
    }
}
