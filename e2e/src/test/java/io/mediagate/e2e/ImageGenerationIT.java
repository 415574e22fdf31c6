package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.errors.BadRequestException;
import com.openai.errors.NotFoundException;
import com.openai.errors.UnauthorizedException;
import com.openai.models.images.ImageGenerateParams;
import com.openai.models.images.ImagesResponse;
import io.mediagate.testing.C2paReference;
import io.mediagate.testing.TestImages;
import io.mediagate.testing.TestInfra;
import java.awt.image.BufferedImage;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The whole suite, driven over HTTP: the stock OpenAI SDK, then the envelope and error contract. */
class ImageGenerationIT {
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

    private static OpenAIClient sdk(String apiKey) {
        return OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1").apiKey(apiKey).maxRetries(0).build();
    }

    @Test
    void theStockOpenAiSdkListsTheModels() {
        var models = sdk(key).models().list().data();
        var pattern = models.stream().filter(m -> m.id().equals("local/pattern")).findFirst().orElseThrow(
                () -> new AssertionError("local/pattern is not among " + models));
        assertEquals("local", pattern.ownedBy());
        assertTrue(pattern.created() > 1_600_000_000L, String.valueOf(pattern.created()));
        assertTrue(models.stream().anyMatch(m -> m.id().equals("local/motion")), models.toString());
    }

    @Test
    void theStockOpenAiSdkRetrievesOneModel() {
        var model = sdk(key).models().retrieve("local/pattern");
        assertEquals("local/pattern", model.id());
        assertEquals("local", model.ownedBy());
        assertTrue(model.created() > 1_600_000_000L, String.valueOf(model.created()));
    }

    @Test
    void theStockOpenAiSdkGeneratesAnImageWhoseUrlServesAPngOfTheRequestedSize() throws Exception {
        ImagesResponse response = sdk(key).images().generate(ImageGenerateParams.builder()
                .model("local/pattern")
                .prompt("a lighthouse at dawn, oil painting")
                .size(ImageGenerateParams.Size._512X512)
                .build());
        assertTrue(response.created() > 0);
        String url = response.data().orElseThrow().getFirst().url().orElseThrow();
        assertTrue(url.startsWith(suite.baseUrl() + "/files/"), url);
        byte[] file = api.download(url);
        BufferedImage image = TestImages.decode(file);
        assertEquals(512, image.getWidth());
        assertEquals(512, image.getHeight());
        assertEquals((byte) 0x89, file[0]);
        assertEquals('P', file[1]);
    }

    /**
     * The GPT image parameters from the stock SDK on the offline model: a transparent WebP at a quality, decoded from the
     * stored bytes, and OpenAI's fields in the answer; a JPEG at a compression; a transparent JPEG refused by name.
     */
    @Test
    void theStockOpenAiSdksGptImageParametersAreHonoured() throws Exception {
        ImagesResponse response = sdk(key).images().generate(ImageGenerateParams.builder()
                .model("local/pattern").prompt("a paper lantern").size(ImageGenerateParams.Size._256X256)
                .outputFormat(ImageGenerateParams.OutputFormat.WEBP).outputCompression(70L)
                .background(ImageGenerateParams.Background.TRANSPARENT).quality(ImageGenerateParams.Quality.LOW)
                .moderation(ImageGenerateParams.Moderation.LOW).build());
        assertEquals(ImagesResponse.OutputFormat.WEBP, response.outputFormat().orElseThrow());
        assertEquals(ImagesResponse.Background.TRANSPARENT, response.background().orElseThrow());
        assertEquals(ImagesResponse.Quality.LOW, response.quality().orElseThrow());
        assertEquals("256x256", response.size().orElseThrow().asString());
        byte[] webp = api.download(response.data().orElseThrow().getFirst().url().orElseThrow());
        assertEquals("image/webp", io.mediagate.common.media.ContentSniffer.mime(webp).orElse(""));
        assertEquals(new io.mediagate.common.media.ContentSniffer.Dimensions(256, 256),
                io.mediagate.common.media.ContentSniffer.dimensions(webp).orElseThrow());
        assertEquals(0x10, webp[20] & 0x10, "the WebP declares an alpha channel");

        ImagesResponse jpeg = sdk(key).images().generate(ImageGenerateParams.builder()
                .model("local/pattern").prompt("a paper lantern").size(ImageGenerateParams.Size._256X256)
                .outputFormat(ImageGenerateParams.OutputFormat.JPEG).outputCompression(30L)
                .responseFormat(ImageGenerateParams.ResponseFormat.B64_JSON).build());
        byte[] inline = java.util.Base64.getDecoder().decode(jpeg.data().orElseThrow().getFirst().b64Json().orElseThrow());
        assertEquals(256, TestImages.decode(inline).getWidth());
        assertEquals("image/jpeg", io.mediagate.common.media.ContentSniffer.mime(inline).orElse(""));

        BadRequestException refused = assertThrows(BadRequestException.class, () -> sdk(key).images().generate(ImageGenerateParams.builder()
                .model("local/pattern").prompt("a lantern").outputFormat(ImageGenerateParams.OutputFormat.JPEG)
                .background(ImageGenerateParams.Background.TRANSPARENT).build()));
        assertEquals("background", refused.param().orElseThrow());
    }

    /**
     * {@code stream: true} with the stock SDK's streaming call: the events it parses end with the completed image, in the
     * asked format, with OpenAI's fields and the stored item's id and url; bad streaming fields are refused by name.
     */
    @Test
    void theStockOpenAiSdkStreamsAGenerationToItsCompletedImage() throws Exception {
        List<com.openai.models.images.ImageGenStreamEvent> events;
        try (var stream = sdk(key).images().generateStreaming(ImageGenerateParams.builder()
                .model("local/pattern").prompt("a streamed kite").size(ImageGenerateParams.Size._256X256)
                .outputFormat(ImageGenerateParams.OutputFormat.WEBP).partialImages(2L).build())) {
            events = stream.stream().toList();
        }
        var partials = events.stream().filter(com.openai.models.images.ImageGenStreamEvent::isGenerationPartialImage)
                .map(com.openai.models.images.ImageGenStreamEvent::asGenerationPartialImage).toList();
        assertEquals(List.of(0L, 1L), partials.stream().map(p -> p.partialImageIndex()).toList(), "two partial images, in order, first");
        for (var partial : partials) {
            byte[] preview = java.util.Base64.getDecoder().decode(partial.b64Json());
            assertEquals("image/webp", io.mediagate.common.media.ContentSniffer.mime(preview).orElse(""), "a partial in the asked format");
            assertEquals(new io.mediagate.common.media.ContentSniffer.Dimensions(256, 256),
                    io.mediagate.common.media.ContentSniffer.dimensions(preview).orElseThrow());
        }
        assertEquals(3, events.size(), "two partials and the completed image");
        var completed = events.getLast().asGenerationCompleted();
        byte[] image = java.util.Base64.getDecoder().decode(completed.b64Json());
        assertEquals("image/webp", io.mediagate.common.media.ContentSniffer.mime(image).orElse(""));
        assertEquals("256x256", completed.size().asString());
        assertEquals(com.openai.models.images.ImageGenCompletedEvent.OutputFormat.WEBP, completed.outputFormat());
        assertEquals("high", completed.quality().asString(), "the detail the local renderer drew");
        String url = completed._additionalProperties().get("url").asStringOrThrow();
        assertArrayEquals(api.download(url), image, "the event carries the stored file");

        assertEquals("partial_images", api.post("/v1/images/generations", key,
                "{\"model\":\"local/pattern\",\"prompt\":\"p\",\"stream\":true,\"partial_images\":4}").body().path("param").asText());
        assertEquals("partial_images", api.post("/v1/images/generations", key,
                "{\"model\":\"local/pattern\",\"prompt\":\"p\",\"partial_images\":2}").body().path("param").asText());
        Api.Reply refusedFirst = api.post("/v1/images/generations", key, "{\"model\":\"local/nothing\",\"prompt\":\"p\",\"stream\":true}");
        assertEquals(404, refusedFirst.status(), "a request refused before the stream opens is a plain error answer");
    }

    @Test
    void b64JsonCarriesTheStoredImagesBytesAndStillItsIdAndUrl() throws Exception {
        ImagesResponse response = sdk(key).images().generate(ImageGenerateParams.builder()
                .model("local/pattern").prompt("a harbour at night").size(ImageGenerateParams.Size._256X256).n(2)
                .responseFormat(ImageGenerateParams.ResponseFormat.B64_JSON).build());
        var data = response.data().orElseThrow();
        assertEquals(2, data.size());
        for (var image : data) {
            byte[] inline = java.util.Base64.getDecoder().decode(image.b64Json().orElseThrow());
            BufferedImage decoded = TestImages.decode(inline);
            assertEquals(256, decoded.getWidth());
            assertEquals(256, decoded.getHeight());
            assertArrayEquals(api.download(image.url().orElseThrow()), inline, "b64_json is the stored file");
        }

        Api.Reply raw = api.post("/v1/images/generations", key,
                "{\"model\":\"local/pattern\",\"prompt\":\"a harbour\",\"size\":\"256x256\",\"public\":false,\"response_format\":\"b64_json\","
                        + "\"routing\":\"compatible\",\"user\":\"end-user-7\"}");
        assertEquals(200, raw.status(), "OpenAI's user field is never refused: " + raw.body());
        assertEquals("user", raw.body().path("stats").path("ignoredParams").get(0).asText(), raw.body().toString());
        JsonNode item = raw.body().path("data").get(0);
        assertTrue(item.path("id").asText().startsWith("med_"), item.toString());
        assertEquals("image/png", item.path("mime").asText());
        assertEquals(item.path("bytes").asLong(), java.util.Base64.getDecoder().decode(item.path("b64_json").asText()).length);
    }

    @Test
    void theSdkSurfacesOurErrorsWithTheirCodes() {
        BadRequestException tooLong = assertThrows(BadRequestException.class, () -> sdk(key).images().generate(
                ImageGenerateParams.builder().model("local/pattern").prompt("x".repeat(1001)).build()));
        assertEquals("invalid_request", tooLong.code().orElseThrow());
        assertEquals("prompt", tooLong.param().orElseThrow());

        NotFoundException unknown = assertThrows(NotFoundException.class, () -> sdk(key).images().generate(
                ImageGenerateParams.builder().model("local/nothing").prompt("a cat").build()));
        assertEquals("model_not_found", unknown.code().orElseThrow());

        UnauthorizedException badKey = assertThrows(UnauthorizedException.class, () -> sdk("mg_not_a_key").images().generate(
                ImageGenerateParams.builder().model("local/pattern").prompt("a cat").build()));
        assertEquals("authentication_error", badKey.code().orElseThrow());
    }

    @Test
    void aGenerationReportsPriceStatsAndEveryMediaField() throws Exception {
        Api.Reply r = api.post("/v1/images/generations", key,
                "{\"model\":\"local/pattern:1.0\",\"prompt\":\"a red fox in snow\",\"size\":\"256x256\",\"public\":false,\"seed\":42}");
        assertEquals(200, r.status(), r.body().toString());
        JsonNode item = r.body().path("data").get(0);
        for (String field : new String[] {"id", "url", "mime", "user", "media", "model", "provider", "prompt", "size", "createdAt"}) {
            assertFalse(item.path(field).isMissingNode() || item.path(field).isNull(), field + " missing in " + item);
        }
        assertTrue(item.has("duration"), "duration is always present");
        assertEquals("image/png", item.path("mime").asText());
        assertEquals("local/pattern", item.path("model").asText());
        assertEquals("256x256", item.path("size").asText());
        assertEquals(0.0, r.body().path("price").asDouble());
        JsonNode stats = r.body().path("stats");
        for (String field : new String[] {"setupTime", "processingTime", "generationTime", "retries", "providerId"}) {
            assertFalse(stats.path(field).isMissingNode(), field + " missing in stats");
        }
        assertEquals("local", stats.path("providerId").asText());
        assertEquals(0, stats.path("retries").asInt());

        // Private media: listed for its owner, not served at a public URL.
        Api.Reply mine = api.get("/v1/media?user=me&limit=100", key);
        assertEquals(200, mine.status());
        assertTrue(mine.body().path("result").path("total").asInt() >= 1);
        boolean listed = false;
        for (JsonNode m : mine.body().path("result").path("medias")) {
            if (m.path("id").asText().equals(item.path("id").asText())) {
                listed = true;
                assertEquals("local/pattern:1.0", m.path("modelSlug").asText());
                assertEquals("Local renderer", m.path("providerName").asText());
            }
        }
        assertTrue(listed);
        String otherKey = api.newUserKey(Suite.ADMIN_KEY, "free");
        Api.Reply other = api.get("/v1/media/" + item.path("id").asText(), otherKey);
        assertEquals(403, other.status(), "another user's private item: " + other.body());
        assertEquals("permission_denied", other.body().path("code").asText());
    }

    /**
     * A shape in words: 16:9 is made at the model's 16:9 size and delivered within 2% of the ratio; 2k at its 2K size; a
     * ratio or resolution the model makes no size of, or a size that is not the shape named, is refused naming the field.
     */
    @Test
    void anAspectRatioAndAResolutionAreMadeAtTheModelsSizeOfThatShapeOrRefusedByName() throws Exception {
        JsonNode shapes = api.get("/v1/models/local/pattern", key).body().path("result").path("model").path("shapes");
        assertTrue(shapes.toString().contains("{\"size\":\"1792x1024\",\"aspectRatio\":\"16:9\",\"resolution\":\"1k\",\"width\":1792,\"height\":1024}"),
                shapes.toString());
        Api.Reply wide = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"a wide bay\",\"aspect_ratio\":\"16:9\"}");
        assertEquals(200, wide.status(), wide.body().toString());
        java.awt.image.BufferedImage made = TestImages.decode(api.download(wide.body().path("data").path(0).path("url").asText()));
        assertEquals(16.0 / 9, (double) made.getWidth() / made.getHeight(), 16.0 / 9 * 0.02, made.getWidth() + "x" + made.getHeight());
        Api.Reply large = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"a square\",\"resolution\":\"2k\"}");
        assertEquals(200, large.status(), large.body().toString());
        assertEquals("2048x2048", large.body().path("data").path(0).path("size").asText());
        for (String[] refused : new String[][] {{"\"aspect_ratio\":\"4:5\"", "aspect_ratio"}, {"\"aspect_ratio\":\"1:1\",\"resolution\":\"4k\"", "resolution"},
                {"\"aspect_ratio\":\"16:9\",\"size\":\"1024x1024\"", "aspect_ratio"}, {"\"aspect_ratio\":\"wide\"", "aspect_ratio"}}) {
            Api.Reply r = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"p\"," + refused[0] + "}");
            assertEquals(400, r.status(), r.body().toString());
            assertEquals(refused[1], r.body().path("param").asText(), r.body().toString());
        }
        JsonNode motion = api.get("/v1/models/local/motion", key).body().path("result").path("model");
        assertTrue(motion.path("aspectRatios").toString().contains("\"9:16\""), motion.path("aspectRatios").toString());
        assertTrue(motion.path("shapes").toString().contains(
                "{\"size\":\"720p\",\"aspectRatio\":\"9:16\",\"resolution\":\"720p\",\"width\":720,\"height\":1280}"), motion.path("shapes").toString());
        Api.Reply landscape = api.post("/v1/videos/generations", key, "{\"model\":\"local/motion\",\"prompt\":\"p\",\"aspect_ratio\":\"3:1\"}");
        assertEquals(400, landscape.status(), landscape.body().toString());
        assertEquals("aspect_ratio", landscape.body().path("param").asText(), "a ratio the model does not make is refused by name");
    }

    @Test
    void theSamePromptAndSeedGiveTheSameImageAndADifferentPromptDoesNot() throws Exception {
        byte[] a = api.download(generate("{\"model\":\"local/pattern\",\"prompt\":\"same\",\"size\":\"256x256\",\"seed\":1}"));
        byte[] b = api.download(generate("{\"model\":\"local/pattern\",\"prompt\":\"same\",\"size\":\"256x256\",\"seed\":1}"));
        byte[] c = api.download(generate("{\"model\":\"local/pattern\",\"prompt\":\"different\",\"size\":\"256x256\",\"seed\":1}"));
        assertArrayEquals(pixels(a), pixels(b), "the same pixels (each file carries its own job's credentials)");
        assertFalse(java.util.Arrays.equals(pixels(a), pixels(c)));
    }

    private static int[] pixels(byte[] image) {
        BufferedImage decoded = TestImages.decode(image);
        return decoded.getRGB(0, 0, decoded.getWidth(), decoded.getHeight(), null, 0, decoded.getWidth());
    }

    /**
     * Every generated image carries Content Credentials signed with the deployment's C2PA credential: the reference
     * implementation validates them (trusting the deployment's CA), reads that a trained model made it, which model and
     * provider for which job, and finds no prompt; the file still decodes.
     */
    @Test
    void everyGeneratedImageCarriesContentCredentialsTheReferenceImplementationValidates() throws Exception {
        for (String format : List.of("png", "jpeg", "webp")) {
            Api.Reply r = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"a quiet harbour\","
                    + "\"size\":\"256x256\",\"output_format\":\"" + format + "\"}");
            assertEquals(200, r.status(), r.body().toString());
            JsonNode item = r.body().path("data").get(0);
            byte[] file = api.download(item.path("url").asText());
            C2paReference.Reading reading = C2paReference.read(file, item.path("mime").asText(),
                    Optional.of(TestInfra.get().keys().resolve("c2pa-ca.pem")));
            assertEquals("Trusted", reading.state(), format + ": " + reading.codes("failure"));
            JsonNode created = reading.assertion("c2pa.actions.v2").path("actions").get(0);
            assertEquals("c2pa.created", created.path("action").asText(), format);
            assertEquals("http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia", created.path("digitalSourceType").asText());
            JsonNode generation = reading.assertion("io.mediagate.generation");
            assertTrue(generation.path("model").asText().startsWith("local/pattern:"), generation.toString());
            assertEquals("local", generation.path("provider").asText());
            assertTrue(generation.path("job").asText().startsWith("job_"), generation.toString());
            assertFalse(generation.has("prompt"), "the prompt stays out unless the operator asks: " + generation);
            assertEquals(item.path("bytes").asLong(), file.length, "the item's size is the signed file's");
            JsonNode provenance = item.path("provenance");
            assertEquals("Trusted", provenance.path("state").asText(), format + ": the item says what the file carries: " + provenance);
            assertEquals("c2pa.created", provenance.path("actions").get(0).asText());
            JsonNode whole = api.get("/v1/media/" + item.path("id").asText() + "/provenance", key).body().path("result").path("provenance");
            assertEquals("Trusted", whole.path("validation_state").asText(), whole.toString());
            assertEquals(reading.json().path("active_manifest").asText(), whole.path("active_manifest").asText(),
                    "the API reads the manifest the reference reads");
            if (!format.equals("webp")) {
                assertEquals(256, TestImages.decode(file).getWidth(), format + " still decodes");
            }
        }
    }

    private String generate(String body) throws Exception {
        Api.Reply r = api.post("/v1/images/generations", key, body);
        assertEquals(200, r.status(), r.body().toString());
        return r.body().path("data").get(0).path("url").asText();
    }

    @Test
    void everyEndpointAnswersWithRateLimitAndRequestIdHeaders() throws Exception {
        Api.Reply image = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"headers\",\"size\":\"256x256\"}");
        String mediaId = image.body().path("data").get(0).path("id").asText();
        record Call(String method, String path, String key, String body, int status) {}
        java.util.List<Call> calls = java.util.List.of(
                new Call("POST", "/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"h\",\"size\":\"256x256\"}", 200),
                new Call("POST", "/v1/images/generations", key, "{\"model\":\"local/pattern\"}", 400),
                new Call("POST", "/v1/videos/generations", key, "{\"model\":\"local/motion\",\"prompt\":\"h\",\"duration\":99}", 400),
                new Call("GET", "/v1/models", key, null, 200),
                new Call("GET", "/v1/models/local%2Fpattern", key, null, 200),
                new Call("GET", "/v1/models/nobody/nothing", key, null, 404),
                new Call("GET", "/v1/providers", key, null, 200),
                new Call("GET", "/v1/providers/local", key, null, 200),
                new Call("GET", "/v1/media", key, null, 200),
                new Call("GET", "/v1/media/" + mediaId, key, null, 200),
                new Call("GET", "/v1/media/med_nosuchitem0", key, null, 404),
                new Call("GET", "/v1/jobs/job_nosuchjob00", key, null, 404),
                new Call("DELETE", "/v1/jobs/job_nosuchjob00", key, null, 404),
                new Call("GET", "/v1/usage", key, null, 200),
                new Call("GET", "/v1/webhooks/secret", key, null, 200),
                new Call("POST", "/v1/admin/accounts", key, "{\"name\":\"x\",\"tier\":\"free\"}", 403),
                new Call("DELETE", "/v1/admin/keys/key_nosuchkey0", key, null, 403),
                new Call("GET", "/v1/nothing/here", key, null, 404),
                new Call("PUT", "/v1/models", key, null, 405),
                new Call("GET", "/v1/models", null, null, 401),
                new Call("GET", "/v1/models", "mg_not_a_real_key_0000000000000000", null, 401));
        for (Call c : calls) {
            Api.Reply r = c.body() == null ? api.send(c.method(), c.path(), c.key()) : api.post(c.path(), c.key(), c.body());
            String what = c.method() + " " + c.path() + " -> " + r.status() + " " + r.body();
            assertEquals(c.status(), r.status(), what);
            var headers = r.raw().headers();
            for (String h : java.util.List.of("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-Id")) {
                assertTrue(headers.firstValue(h).isPresent(), h + " missing on " + what);
            }
            assertTrue(Long.parseLong(headers.firstValue("X-RateLimit-Reset").orElseThrow()) > System.currentTimeMillis() / 1000 - 1,
                    "Reset is a Unix time in the future: " + what);
        }
    }

    @Test
    void errorsUseTheEnvelopeEverywhere() throws Exception {
        Api.Reply badKey = api.get("/v1/models", "mg_wrong");
        assertEquals(401, badKey.status());
        assertEquals("authentication_error", badKey.body().path("code").asText());
        assertFalse(badKey.body().path("success").asBoolean());

        Api.Reply unknownRoute = api.get("/v1/does-not-exist", key);
        assertEquals(404, unknownRoute.status());
        assertEquals("not_found", unknownRoute.body().path("code").asText());
        assertTrue(unknownRoute.raw().headers().firstValue("X-Request-Id").isPresent());

        Api.Reply unknownModel = api.post("/v1/images/generations", key, "{\"model\":\"nobody/model\",\"prompt\":\"a cat\"}");
        assertEquals(404, unknownModel.status());
        assertEquals("model_not_found", unknownModel.body().path("code").asText());

        Api.Reply badSize = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"a cat\",\"size\":\"300x300\"}");
        assertEquals(400, badSize.status());
        assertEquals("size", badSize.body().path("param").asText());

        Api.Reply unknownProvider = api.post("/v1/images/generations", key, "{\"model\":\"local/pattern\",\"prompt\":\"a cat\",\"provider\":\"nobody\"}");
        assertEquals(404, unknownProvider.status());
        assertEquals("provider_not_found", unknownProvider.body().path("code").asText());
    }

    @Test
    void readsAreForwardedToTheirOwners() throws Exception {
        Api.Reply models = api.get("/v1/models?media=image", key);
        assertEquals(200, models.status());
        assertEquals("local/pattern", models.body().path("result").path("models").get(0).path("id").asText());
        Api.Reply model = api.get("/v1/models/local%2Fmotion", key);
        assertEquals(200, model.status(), model.body().toString());
        assertEquals("video", model.body().path("result").path("model").path("media").asText());
        Api.Reply provider = api.get("/v1/providers/Local", key);
        assertEquals(200, provider.status());
        assertEquals("local", provider.body().path("result").path("provider").path("id").asText());
    }
}
