package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.errors.BadRequestException;
import com.openai.models.images.ImageCreateVariationParams;
import com.openai.models.images.ImageEditParams;
import com.openai.models.images.ImagesResponse;
import io.mediagate.testing.TestImages;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Image edits and variations through the stock openai-java SDK against the whole suite, offline on the
 * {@code local} provider: the result has the size asked, keeps the source outside the mask, the sources are
 * kept as the caller's private items, and a refused edit costs nothing.
 */
class ImageEditsIT {
    private static final int RED = 0xD02020;
    private static final int BLUE = 0x2040D0;
    private static Suite suite;
    private static Api api;
    private static String key;

    @BeforeAll
    static void startSuite() throws Exception {
        suite = Suite.start();
        api = new Api(suite.baseUrl());
        key = api.newUserKey(Suite.ADMIN_KEY, "pro");
    }

    @AfterAll
    static void stopSuite() {
        if (suite != null) {
            suite.close();
        }
    }

    private static OpenAIClient sdk() {
        return OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1").apiKey(key).maxRetries(0).build();
    }

    private static BufferedImage onlyImage(ImagesResponse response) throws Exception {
        var data = response.data().orElseThrow();
        assertEquals(1, data.size());
        return TestImages.decode(api.download(data.getFirst().url().orElseThrow()));
    }

    @Test
    void anEditWithAMaskRedrawsTheMaskedAreaAndKeepsTheRest() throws Exception {
        ImagesResponse response = sdk().images().edit(ImageEditParams.builder()
                .model("local/pattern").prompt("a sunflower in the middle")
                .image(TestImages.halves(256, 256, RED, BLUE))
                .mask(TestImages.mask(256, 256, 64, 64, 128, 128))
                .size(ImageEditParams.Size._512X512).build());
        BufferedImage image = onlyImage(response);
        assertEquals(512, image.getWidth());
        assertEquals(512, image.getHeight());
        assertEquals(RED, image.getRGB(10, 10) & 0xFFFFFF, "outside the mask the source is kept");
        assertEquals(BLUE, image.getRGB(500, 500) & 0xFFFFFF);
        int middle = image.getRGB(256, 256) & 0xFFFFFF;
        assertTrue(middle != RED && middle != BLUE, "inside the mask the prompt is drawn");
    }

    /** A streamed edit with the stock SDK: its partial images, then the completed edit, which keeps the source outside the mask. */
    @Test
    void theStockSdkStreamsAnEditWithItsPartialImages() throws Exception {
        List<com.openai.models.images.ImageEditStreamEvent> events;
        try (var stream = sdk().images().editStreaming(ImageEditParams.builder()
                .model("local/pattern").prompt("a sunflower in the middle").image(TestImages.halves(128, 128, RED, BLUE))
                .mask(TestImages.mask(128, 128, 32, 32, 64, 64)).size(ImageEditParams.Size._256X256).partialImages(1L)
                .inputFidelity(ImageEditParams.InputFidelity.HIGH).build())) {
            events = stream.stream().toList();
        }
        assertEquals(2, events.size(), events.toString());
        assertEquals(0L, events.getFirst().asPartialImage().partialImageIndex());
        var completed = events.getLast().asCompleted();
        BufferedImage image = TestImages.decode(java.util.Base64.getDecoder().decode(completed.b64Json()));
        assertEquals(256, image.getWidth());
        assertEquals(RED, image.getRGB(5, 5) & 0xFFFFFF, "outside the mask the source is kept");
    }

    @Test
    void anEditOfSeveralImagesWithoutAMaskAnswersB64AndNamesItsSourcesAsPrivateItems() throws Exception {
        ImagesResponse response = sdk().images().edit(ImageEditParams.builder()
                .model("local/pattern").prompt("the two as one poster")
                .image(ImageEditParams.Image.ofInputStreams(List.of(
                        new ByteArrayInputStream(TestImages.halves(64, 64, RED, BLUE)),
                        new ByteArrayInputStream(TestImages.jpeg(64, 64)))))
                .size(ImageEditParams.Size._256X256).n(2)
                .responseFormat(ImageEditParams.ResponseFormat.B64_JSON).build());
        var data = response.data().orElseThrow();
        assertEquals(2, data.size());
        for (var item : data) {
            byte[] inline = Base64.getDecoder().decode(item.b64Json().orElseThrow());
            assertEquals(256, TestImages.decode(inline).getWidth());
            assertArrayEquals(api.download(item.url().orElseThrow()), inline);
        }

        Api.Reply mine = api.get("/v1/media?user=me&limit=100", key);
        long sources = 0;
        for (JsonNode m : mine.body().path("result").path("medias")) {
            if (m.path("model").isMissingNode() || m.path("model").isNull()) {
                sources++;
                assertEquals(false, m.path("public").asBoolean(true), "a source is private: " + m);
            }
        }
        assertTrue(sources >= 2, "the sources are kept as the caller's items: " + mine.body());
    }

    /** The mean absolute difference of two same-sized pictures' RGB channels, 0 (the same) to 255. */
    private static double distance(BufferedImage a, BufferedImage b) {
        long sum = 0;
        for (int y = 0; y < a.getHeight(); y++) {
            for (int x = 0; x < a.getWidth(); x++) {
                int p = a.getRGB(x, y);
                int q = b.getRGB(x, y);
                for (int shift = 0; shift <= 16; shift += 8) {
                    sum += Math.abs((p >> shift & 0xFF) - (q >> shift & 0xFF));
                }
            }
        }
        return (double) sum / (3L * a.getWidth() * a.getHeight());
    }

    /**
     * A generation with reference pictures (an https URL and a media id) is made from them by the model's edit: it looks like
     * its first reference far more than the same prompt and seed without them does, and names both as its sources.
     */
    @Test
    void aGenerationWithReferencePicturesIsMadeFromThemAndNamesThem() throws Exception {
        Api.Reply kite = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"a red kite\",\"size\":\"256x256\",\"style\":\"rings\"}");
        Api.Reply sky = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"an evening sky\",\"size\":\"256x256\",\"style\":\"tiles\"}");
        JsonNode first = kite.body().path("data").get(0);
        JsonNode second = sky.body().path("data").get(0);
        String asked = "{\"model\":\"local/pattern\",\"prompt\":\"the same kite at sea\",\"size\":\"256x256\",\"seed\":7";
        Api.Reply referenced = api.post("/v1/images/generations", key, asked + ",\"reference_image_urls\":[\"" + first.path("url").asText()
                + "\",\"" + second.path("id").asText() + "\"]}");
        assertEquals(200, referenced.status(), referenced.body().toString());
        JsonNode item = referenced.body().path("data").get(0);
        assertEquals("[\"" + first.path("id").asText() + "\",\"" + second.path("id").asText() + "\"]", item.path("sources").toString(),
                "the references are named by id, the URL of an own file as its item");
        Api.Reply plain = api.post("/v1/images/generations", key, asked + "}");
        BufferedImage reference = TestImages.decode(api.download(first.path("url").asText()));
        double withReferences = distance(TestImages.decode(api.download(item.path("url").asText())), reference);
        double without = distance(TestImages.decode(api.download(plain.body().path("data").get(0).path("url").asText())), reference);
        assertTrue(withReferences * 2 < without, "made from the reference: " + withReferences + " against " + without);

        for (String[] refused : new String[][] {{"\"x\"", "reference_image_urls"}, {"[]", "reference_image_urls"},
                {"[\"ftp://example.com/a.png\"]", "reference_image_urls[0]"}, {"[\"https://127.0.0.1/a.png\"]", "reference_image_urls[0]"}}) {
            Api.Reply r = api.post("/v1/images/generations", key, asked + ",\"reference_image_urls\":" + refused[0] + "}");
            assertEquals(400, r.status(), r.body().toString());
            assertEquals(refused[1], r.body().path("param").asText(), r.body().toString());
        }
    }

    /** A red square on white, {@code side} wide: a subject on a plain background. */
    private static byte[] subjectOnWhite(int side) throws Exception {
        BufferedImage picture = new BufferedImage(side, side, BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = picture.createGraphics();
        g.setColor(java.awt.Color.WHITE);
        g.fillRect(0, 0, side, side);
        g.setColor(new java.awt.Color(RED));
        g.fillRect(side / 4, side / 4, side / 2, side / 2);
        g.dispose();
        var out = new java.io.ByteArrayOutputStream();
        javax.imageio.ImageIO.write(picture, "png", out);
        return out.toByteArray();
    }

    /**
     * An upscale and a background removal are jobs like a generation, answering the media item, price and stats: the upscale
     * at exactly twice the size (or the size asked), resized from its picture in its Content Credentials; the cutout with a
     * transparent background and an opaque subject. Each names its picture, and what it cannot do is refused by name.
     */
    @Test
    void anUpscaleAndABackgroundRemovalAreMadeFromTheirPictureAndNameIt() throws Exception {
        Api.Reply edit = api.postForm("/v1/images/edits", key, List.of("model", "local/pattern", "prompt", "a frame", "size", "256x256"),
                new Api.FormFile("image", "subject.png", subjectOnWhite(96)));
        assertEquals(200, edit.status(), edit.body().toString());
        String picture = edit.body().path("data").get(0).path("sources").get(0).asText(); // kept as the caller's item

        Api.Reply up = api.post("/v1/images/upscale", key, "{\"image_url\":\"" + picture + "\",\"scale\":2}");
        assertEquals(200, up.status(), up.body().toString());
        JsonNode upscaled = up.body().path("data").get(0);
        assertEquals("192x192", upscaled.path("size").asText(), upscaled.toString());
        assertEquals(192, TestImages.decode(api.download(upscaled.path("url").asText())).getWidth(), "exactly twice the picture");
        assertEquals("local/upscale", upscaled.path("model").asText());
        assertEquals("[\"" + picture + "\"]", upscaled.path("sources").toString());
        assertEquals("[\"c2pa.opened\",\"c2pa.resized\"]", upscaled.path("provenance").path("actions").toString(), upscaled.path("provenance").toString());
        assertEquals("Trusted", upscaled.path("provenance").path("state").asText(), upscaled.path("provenance").toString());
        assertEquals(0.0, up.body().path("price").asDouble(), 1e-9);
        assertEquals("local", up.body().path("stats").path("providerId").asText());
        Api.Reply sized = api.post("/v1/images/upscale", key, "{\"image_url\":\"" + picture + "\",\"size\":\"300x200\"}");
        assertEquals(200, sized.status(), sized.body().toString());
        BufferedImage target = TestImages.decode(api.download(sized.body().path("data").get(0).path("url").asText()));
        assertEquals(300, target.getWidth());
        assertEquals(200, target.getHeight());

        Api.Reply cut = api.post("/v1/images/remove-background", key, "{\"image_url\":\"" + picture + "\"}");
        assertEquals(200, cut.status(), cut.body().toString());
        JsonNode cutout = cut.body().path("data").get(0);
        assertEquals("image/png", cutout.path("mime").asText());
        BufferedImage matte = TestImages.decode(api.download(cutout.path("url").asText()));
        assertEquals(96, matte.getWidth(), "the picture's own size");
        assertEquals(0, matte.getRGB(4, 4) >>> 24, "the background is transparent");
        assertEquals(255, matte.getRGB(48, 48) >>> 24, "the subject is opaque");
        assertEquals(RED, matte.getRGB(48, 48) & 0xFFFFFF);
        assertEquals("[\"c2pa.opened\",\"c2pa.edited\"]", cutout.path("provenance").path("actions").toString());

        for (String[] refused : new String[][] {
                {"/v1/images/upscale", "{\"image_url\":\"" + picture + "\",\"scale\":3}", "scale"},
                {"/v1/images/upscale", "{\"scale\":2}", "image_url"},
                {"/v1/images/upscale", "{\"image_url\":\"https://127.0.0.1/a.png\"}", "image_url"},
                {"/v1/images/upscale", "{\"image_url\":\"" + picture + "\",\"model\":\"local/pattern\"}", "model"},
                {"/v1/images/upscale", "{\"image_url\":\"" + picture + "\",\"size\":\"64x64\"}", "size"},
                {"/v1/images/remove-background", "{\"image_url\":\"" + picture + "\",\"size\":\"512x512\"}", "size"},
                {"/v1/images/generations", "{\"model\":\"local/upscale\",\"prompt\":\"p\"}", "model"}}) {
            Api.Reply r = api.post(refused[0], key, refused[1]);
            assertEquals(400, r.status(), refused[1] + ": " + r.body());
            assertEquals(refused[2], r.body().path("param").asText(), refused[1] + ": " + r.body());
        }
    }

    @Test
    void theResultNamesItsSourcesWhichStayPrivateToTheCaller() throws Exception {
        Api.Reply edit = api.postForm("/v1/images/edits", key, List.of("model", "local/pattern", "prompt", "a hat", "size", "256x256",
                        "seed", "7", "style", "rings"),
                new Api.FormFile("image", "a.png", TestImages.halves(64, 64, RED, BLUE)),
                new Api.FormFile("mask", "m.png", TestImages.mask(64, 64, 0, 0, 32, 32)));
        assertEquals(200, edit.status(), edit.body().toString());
        JsonNode item = edit.body().path("data").get(0);
        assertEquals("256x256", item.path("size").asText());
        JsonNode sources = item.path("sources");
        assertEquals(2, sources.size(), "the image and the mask: " + item);
        String other = api.newUserKey(Suite.ADMIN_KEY, "free");
        for (JsonNode id : sources) {
            Api.Reply mine = api.get("/v1/media/" + id.asText(), key);
            assertEquals(200, mine.status(), mine.body().toString());
            assertEquals("image/png", mine.body().path("result").path("media").path("mime").asText(), mine.body().toString());
            assertEquals(403, api.get("/v1/media/" + id.asText(), other).status(), "another user cannot see a source");
        }
        Api.Reply again = api.get("/v1/media/" + item.path("id").asText(), key);
        assertEquals(sources, again.body().path("result").path("media").path("sources"));
        // its Content Credentials say it was edited by a model from the image, the mask an input to the model
        JsonNode provenance = item.path("provenance");
        assertEquals("Trusted", provenance.path("state").asText(), provenance.toString());
        assertEquals("[\"c2pa.opened\",\"c2pa.edited\"]", provenance.path("actions").toString());
        assertEquals(sources.get(0).asText(), provenance.path("ingredients").get(0).path("title").asText());
        assertEquals("parentOf", provenance.path("ingredients").get(0).path("relationship").asText());
        assertEquals(sources.get(1).asText(), provenance.path("ingredients").get(1).path("title").asText());
        assertEquals("inputTo", provenance.path("ingredients").get(1).path("relationship").asText());
    }

    @Test
    void aRetriedEditWithItsIdempotencyKeyIsTheSameJobWhateverTheBoundary() throws Exception {
        String idem = "edit-" + System.nanoTime();
        byte[] image = TestImages.halves(64, 64, RED, BLUE);
        List<String> fields = List.of("model", "local/pattern", "prompt", "a scarf", "size", "256x256");
        Api.Reply first = api.postForm("/v1/images/edits", key, idem, fields, new Api.FormFile("image", "a.png", image));
        assertEquals(200, first.status(), first.body().toString());
        // Api.postForm draws a new boundary for every request, as SDKs do for every attempt; the file name may change too.
        Api.Reply retry = api.postForm("/v1/images/edits", key, idem, fields, new Api.FormFile("image", "renamed.png", image));
        assertEquals(200, retry.status(), retry.body().toString());
        assertEquals("true", retry.raw().headers().firstValue("Idempotent-Replayed").orElse(null));
        assertEquals(first.body().path("data").get(0).path("id"), retry.body().path("data").get(0).path("id"));
        assertEquals(first.body().path("data").get(0).path("sources"), retry.body().path("data").get(0).path("sources"),
                "no second copy of the sources was kept");
        Api.Reply otherImage = api.postForm("/v1/images/edits", key, idem, fields,
                new Api.FormFile("image", "a.png", TestImages.halves(64, 64, BLUE, RED)));
        assertEquals(409, otherImage.status(), otherImage.body().toString());
        assertEquals("idempotency_conflict", otherImage.body().path("code").asText());
    }

    @Test
    void aVariationKeepsTheCompositionInOtherColours() throws Exception {
        ImagesResponse response = sdk().images().createVariation(ImageCreateVariationParams.builder()
                .model("local/pattern").image(TestImages.halves(128, 128, RED, BLUE))
                .size(ImageCreateVariationParams.Size._256X256).build());
        BufferedImage image = onlyImage(response);
        assertEquals(256, image.getWidth());
        assertEquals(image.getRGB(5, 5), image.getRGB(100, 200), "the left half stays one colour");
        assertNotEquals(image.getRGB(5, 5), image.getRGB(250, 5), "the halves stay apart");
        assertNotEquals(RED, image.getRGB(5, 5) & 0xFFFFFF, "in other colours");
    }

    @Test
    void refusedEditsAreClearErrorsAndKeepNothing() throws Exception {
        long before = myItems();
        BadRequestException mask = assertThrows(BadRequestException.class, () -> sdk().images().edit(ImageEditParams.builder()
                .model("local/pattern").prompt("a hat").image(TestImages.png(64, 64))
                .mask(TestImages.mask(32, 32, 0, 0, 8, 8)).build()));
        assertEquals("mask", mask.param().orElseThrow());
        Api.Reply notAnImage = api.postForm("/v1/images/edits", key, List.of("model", "local/pattern", "prompt", "a hat"),
                new Api.FormFile("image", "notes.png", "plain words".getBytes()));
        assertEquals(415, notAnImage.status(), notAnImage.body().toString());
        assertEquals("unsupported_media_type", notAnImage.body().path("code").asText());
        assertEquals("image", notAnImage.body().path("param").asText());
        assertEquals(before, myItems(), "a refused edit keeps no source");

        BadRequestException videoModel = assertThrows(BadRequestException.class, () -> sdk().images().edit(ImageEditParams.builder()
                .model("local/motion").prompt("a hat").image(TestImages.png(64, 64)).build()));
        assertEquals("invalid_request", videoModel.code().orElseThrow());

        Api.Reply editsOnly = api.post("/v1/images/generations", key,
                "{\"model\":\"black-forest-labs/flux-fill-pro\",\"prompt\":\"a hat\"}");
        assertEquals(400, editsOnly.status(), editsOnly.body().toString());
        assertEquals("model", editsOnly.body().path("param").asText());
        assertTrue(editsOnly.body().path("message").asText().contains("/v1/images/edits"), editsOnly.body().toString());
    }

    private static long myItems() throws Exception {
        Api.Reply mine = api.get("/v1/media?user=me&limit=1", key);
        assertEquals(200, mine.status(), mine.body().toString());
        return mine.body().path("result").path("total").asLong();
    }
}
