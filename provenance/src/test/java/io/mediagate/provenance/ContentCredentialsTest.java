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

    /**
     * A provider's signed image converted to the format asked for names the provider's file as its parent, whose manifest
     * its store carries: a verifier sees the provider's claim and ours.
     */
    @Test
    void aProvidersSignedImageConvertedNamesItAsParentAndCarriesItsManifest(@TempDir Path provider) throws Exception {
        SigningChain.write(provider, "Provider test");
        ContentCredentials theirs = new ContentCredentials(SigningKey.read(provider.resolve("c2pa-signing-key.pem"),
                provider.resolve("c2pa-signing-chain.pem")), "7.0", false);
        byte[] original = theirs.created(TestImages.png(32, 32), "image/png", MADE).orElseThrow();
        String theirManifest = C2paReference.read(original, "image/png", Optional.empty()).json().path("active_manifest").asText();
        ContentCredentials ours = new ContentCredentials(key, "1.2.3", false);
        var parent = ours.ingredient(original, "image/png", "image.png", io.mediagate.provenance.manifest.Ingredient.PARENT_OF);
        assertTrue(parent.failed().contains("signingCredential.untrusted") && parent.passed().contains("assertion.dataHash.match"),
                "the provider's file was read and checked here: " + parent.passed() + " " + parent.failed());
        byte[] converted = ours.derived(TestImages.jpeg(32, 32), "image/jpeg", Derivation.converted(parent), MADE).orElseThrow();
        C2paReference.Reading reading = C2paReference.read(converted, "image/jpeg", Optional.empty());
        assertEquals("Valid", reading.state(), reading.codes("failure").toString());
        var actions = reading.assertion("c2pa.actions.v2").path("actions");
        assertEquals("c2pa.opened", actions.get(0).path("action").asText());
        assertEquals("c2pa.converted", actions.get(1).path("action").asText());
        var ingredient = reading.activeManifest().path("ingredients").get(0);
        assertEquals(theirManifest, ingredient.path("active_manifest").asText());
        assertEquals("image/png", ingredient.path("format").asText());
        assertTrue(reading.json().path("manifests").has(theirManifest), "the provider's manifest is carried");
    }

    /** An edit names the image edited as its parent and the other images and the mask as inputs to the model. */
    @Test
    void anEditNamesItsSourceAsParentAndItsOtherInputsAsInputsToTheModel() throws Exception {
        ContentCredentials ours = new ContentCredentials(key, "1.2.3", false);
        byte[] signedInput = ours.created(TestImages.png(16, 16), "image/png", MADE).orElseThrow();
        var parent = ours.ingredient(TestImages.png(32, 32), "image/png", "photo.png", io.mediagate.provenance.manifest.Ingredient.PARENT_OF);
        var inputs = java.util.List.of(ours.ingredient(signedInput, "image/png", "logo.png", io.mediagate.provenance.manifest.Ingredient.INPUT_TO),
                ours.ingredient(TestImages.png(32, 32), "image/png", "mask.png", io.mediagate.provenance.manifest.Ingredient.INPUT_TO));
        byte[] edited = ours.derived(TestImages.png(32, 32), "image/png", Derivation.edited(parent, inputs), MADE).orElseThrow();
        C2paReference.Reading reading = C2paReference.read(edited, "image/png", Optional.empty());
        assertEquals(java.util.List.of("signingCredential.untrusted"), reading.codes("failure"));
        var actions = reading.assertion("c2pa.actions.v2").path("actions");
        assertEquals("c2pa.edited", actions.get(1).path("action").asText());
        assertEquals(Derivation.COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA, actions.get(1).path("digitalSourceType").asText());
        var ingredients = reading.activeManifest().path("ingredients");
        assertEquals(3, ingredients.size());
        assertEquals(java.util.List.of("parentOf", "inputTo", "inputTo"), java.util.stream.StreamSupport.stream(ingredients.spliterator(), false)
                .map(i -> i.path("relationship").asText()).toList());
        assertEquals(java.util.List.of("photo.png", "logo.png", "mask.png"), java.util.stream.StreamSupport.stream(ingredients.spliterator(), false)
                .map(i -> i.path("title").asText()).toList());
        assertTrue(ingredients.get(1).has("active_manifest"), "a signed input's manifest is named: " + ingredients.get(1));
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
