package io.mediagate.routing.signing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.infra.SigningChain;
import io.mediagate.provenance.ContentCredentials;
import io.mediagate.provenance.cose.SigningKey;
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
import org.junit.jupiter.api.io.TempDir;

/** Generated images are signed unless the operator turns C2PA off, and a deployment without its credential says so. */
class ImageSigningTest {
    private static final ContentCredentials.Generation MADE = new ContentCredentials.Generation("local/pattern:1.0", "local", "job_x", "p");
    private final Path keys = TestInfra.get().keys();

    private ImageSigning credentials(boolean enabled) {
        return new ImageSigning(enabled, keys.resolve("c2pa-signing-key.pem"), keys.resolve("c2pa-signing-chain.pem"), false, "0.1.0");
    }

    @Test
    void eachImageOfAFormatWithC2paIsSignedAndTheRestAreKeptAsTheyAre() throws Exception {
        byte[] png = TestImages.png(16, 16);
        byte[] gif = "GIF89a".getBytes(StandardCharsets.US_ASCII);
        List<GeneratedImage> images = List.of(new GeneratedImage(png, "image/png", "revised"), new GeneratedImage(gif, "image/gif", null));
        List<GeneratedImage> made = credentials(true).signed(images, images, List.of(), MADE);
        assertEquals("revised", made.getFirst().revisedPrompt(), "only the bytes change");
        C2paReference.Reading reading = C2paReference.read(made.getFirst().bytes(), "image/png", Optional.of(keys.resolve("c2pa-ca.pem")));
        assertEquals("Trusted", reading.state(), reading.codes("failure").toString());
        assertArrayEquals(gif, made.get(1).bytes());
    }

    @Test
    void offSignsNothing() {
        List<GeneratedImage> images = List.of(new GeneratedImage(TestImages.png(16, 16), "image/png", null));
        assertSame(images, credentials(false).signed(images, images, List.of(), MADE));
    }

    /**
     * A provider's signed image delivered as it came keeps its bytes; re-encoded as asked, it is the parent of what is
     * delivered; an edit names its first source as parent and the rest as inputs, by media id.
     */
    @Test
    void aProvidersCredentialsAreKeptOrNamedAndAnEditNamesItsSources(@TempDir Path provider) throws Exception {
        SigningChain.write(provider, "Provider test");
        byte[] theirs = new ContentCredentials(SigningKey.read(provider.resolve("c2pa-signing-key.pem"), provider.resolve("c2pa-signing-chain.pem")),
                "2.0", false).created(TestImages.png(16, 16), "image/png", MADE).orElseThrow();
        GeneratedImage providers = new GeneratedImage(theirs, "image/png", null);
        assertArrayEquals(theirs, credentials(true).signed(List.of(providers), List.of(providers), List.of(), MADE).getFirst().bytes(),
                "delivered as it came: the provider's credentials untouched");
        GeneratedImage converted = providers.as(TestImages.jpeg(16, 16), "image/jpeg");
        C2paReference.Reading reading = C2paReference.read(credentials(true).signed(List.of(providers), List.of(converted), List.of(), MADE)
                .getFirst().bytes(), "image/jpeg", Optional.of(keys.resolve("c2pa-ca.pem")));
        assertEquals(List.of("c2pa.opened", "c2pa.converted"), actions(reading));
        assertEquals("image/png", reading.activeManifest().path("ingredients").get(0).path("format").asText());
        GeneratedImage edit = new GeneratedImage(TestImages.png(16, 16), "image/png", null);
        List<ImageSigning.Source> sources = List.of(new ImageSigning.Source("med_source1", TestImages.png(16, 16), "image/png"),
                new ImageSigning.Source("med_mask1", TestImages.png(16, 16), "image/png"));
        C2paReference.Reading edited = C2paReference.read(credentials(true).signed(List.of(edit), List.of(edit), sources, MADE).getFirst().bytes(),
                "image/png", Optional.of(keys.resolve("c2pa-ca.pem")));
        assertEquals("Trusted", edited.state(), edited.codes("failure").toString());
        assertEquals(List.of("c2pa.opened", "c2pa.edited"), actions(edited));
        var ingredients = edited.activeManifest().path("ingredients");
        assertEquals("med_source1", ingredients.get(0).path("title").asText());
        assertEquals("parentOf", ingredients.get(0).path("relationship").asText());
        assertEquals("med_mask1", ingredients.get(1).path("title").asText());
        assertEquals("inputTo", ingredients.get(1).path("relationship").asText());
    }

    private static List<String> actions(C2paReference.Reading reading) {
        return java.util.stream.StreamSupport.stream(reading.assertion("c2pa.actions.v2").path("actions").spliterator(), false)
                .map(a -> a.path("action").asText()).toList();
    }

    @Test
    void onWithoutACredentialFailsSayingWhereItBelongs() {
        UncheckedIOException e = assertThrows(UncheckedIOException.class,
                () -> new ImageSigning(true, keys.resolve("missing.pem"), keys.resolve("missing-chain.pem"), false, "0.1.0"));
        assertEquals(true, e.getMessage().contains("MEDIAGATE_C2PA"), e.getMessage());
    }
}
