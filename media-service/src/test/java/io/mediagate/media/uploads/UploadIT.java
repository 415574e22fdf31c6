package io.mediagate.media.uploads;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.retention.Sweeper;
import io.mediagate.media.storage.ObjectStore;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestImages;
import io.mediagate.testing.TestTokens;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.path.json.JsonPath;
import jakarta.inject.Inject;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "media"), @ResourceArg(name = "s3", value = "true"),
        @ResourceArg(name = "kafka", value = "true")})
class UploadIT {
    private final HttpClient http = HttpClient.newHttpClient();
    @Inject
    Sweeper sweeper;
    @Inject
    ObjectStore store;

    private static String user() {
        return "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    private static String as(String user) {
        return TestTokens.bearer(user, "free", Set.of("user"));
    }

    private static JsonPath start(String user, String mime, long bytes, int status) {
        return given().header("Authorization", as(user)).contentType("application/json")
                .body(Map.of("mime", mime, "bytes", bytes)).when().post("/v1/media/upload")
                .then().statusCode(status).extract().jsonPath();
    }

    private int put(JsonPath upload, byte[] bytes) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(upload.getString("result.uploadUrl")))
                .PUT(HttpRequest.BodyPublishers.ofByteArray(bytes));
        Map<String, String> headers = upload.getMap("result.headers");
        headers.forEach((k, v) -> {
            if (!k.equalsIgnoreCase("Content-Length")) {
                request.header(k, v);
            }
        });
        return http.send(request.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    /** A PNG of random pixels, which PNG cannot compress: about 3 bytes per pixel. */
    private static byte[] noisePng(int width, int height) throws Exception {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Random random = new Random(42);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, random.nextInt(0x1000000));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }

    /** {@code png} with a tEXt chunk put before its IEND chunk (the last 12 bytes). */
    private static byte[] withText(byte[] png, String text) {
        byte[] data = ("Comment\0" + text).getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        java.nio.ByteBuffer chunk = java.nio.ByteBuffer.allocate(data.length + 12);
        chunk.putInt(data.length).put("tEXt".getBytes(java.nio.charset.StandardCharsets.US_ASCII)).put(data);
        java.util.zip.CRC32 crc = new java.util.zip.CRC32();
        crc.update(chunk.array(), 4, data.length + 4);
        chunk.putInt((int) crc.getValue());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(png, 0, png.length - 12);
        out.writeBytes(chunk.array());
        out.write(png, png.length - 12, 12);
        return out.toByteArray();
    }

    /** An upload's item after it was PUT and completed. */
    private JsonPath uploaded(String user, byte[] png, boolean isPublic) throws Exception {
        JsonPath upload = given().header("Authorization", as(user)).contentType("application/json")
                .body(Map.of("mime", "image/png", "bytes", png.length, "public", isPublic)).when().post("/v1/media/upload")
                .then().statusCode(200).extract().jsonPath();
        assertEquals(200, put(upload, png));
        return given().header("Authorization", as(user)).when().post("/v1/media/" + upload.getString("result.id"))
                .then().statusCode(200).extract().jsonPath();
    }

    /**
     * An uploaded file's Content Credentials are read and validated, never signed as ours: signed by the deployment's
     * credential it is trusted, by another signer valid but untrusted, changed after signing invalid, unsigned said so;
     * the file is served as it came, and its whole reading is there for whoever may see the item.
     */
    @Test
    void anUploadsContentCredentialsAreReadValidatedAndKeptAsTheyCame(@org.junit.jupiter.api.io.TempDir java.nio.file.Path other)
            throws Exception {
        java.nio.file.Path keys = io.mediagate.testing.TestInfra.get().keys();
        var ours = new io.mediagate.provenance.ContentCredentials(io.mediagate.provenance.cose.SigningKey.read(
                keys.resolve("c2pa-signing-key.pem"), keys.resolve("c2pa-signing-chain.pem")), "9.9", false);
        io.mediagate.infra.SigningChain.write(other, "Someone else");
        var theirs = new io.mediagate.provenance.ContentCredentials(io.mediagate.provenance.cose.SigningKey.read(
                other.resolve("c2pa-signing-key.pem"), other.resolve("c2pa-signing-chain.pem")), "1.0", false);
        var made = new io.mediagate.provenance.ContentCredentials.Generation("openai/gpt-image-1:2025-04-23", "openai", "job_x", null);
        byte[] signed = ours.created(TestImages.png(48, 32), "image/png", made).orElseThrow();
        byte[] changed = withText(signed, "edited after signing"); // still a PNG that decodes, no longer the bytes signed
        String user = user();
        Map<String, Object> expected = Map.of(
                "Trusted", signed, "Valid", theirs.created(TestImages.png(48, 32), "image/png", made).orElseThrow(), "Invalid", changed);
        for (var file : expected.entrySet()) {
            JsonPath done = uploaded(user, (byte[]) file.getValue(), false);
            assertEquals(true, done.getBoolean("result.media.provenance.signed"), file.getKey());
            assertEquals(file.getKey(), done.getString("result.media.provenance.state"));
            assertEquals(java.util.List.of("c2pa.created"), done.getList("result.media.provenance.actions"));
            URI url = URI.create(done.getString("result.media.url")); // private: its address is signed
            byte[] served = given().urlEncodingEnabled(false).when().get(url.getRawPath() + "?" + url.getRawQuery()).then().statusCode(200)
                    .extract().asByteArray();
            assertArrayEquals((byte[]) file.getValue(), served, "kept as it came, not signed again");
            String id = done.getString("result.media.id");
            JsonPath whole = given().header("Authorization", as(user)).when().get("/v1/media/" + id + "/provenance")
                    .then().statusCode(200).extract().jsonPath();
            assertEquals(file.getKey(), whole.getString("result.provenance.validation_state"));
            String active = whole.getString("result.provenance.active_manifest");
            assertTrue(whole.getMap("result.provenance.manifests").containsKey(active), whole.prettify());
            given().header("Authorization", as(user())).when().get("/v1/media/" + id + "/provenance").then().statusCode(403)
                    .body("error.code", equalTo("permission_denied"));
            // the thumbnail made here is signed as converted from the upload, its parent (whose manifest it carries)
            URI thumb = URI.create(done.getString("result.media.thumbnail"));
            var reading = io.mediagate.testing.C2paReference.read(given().urlEncodingEnabled(false).when()
                    .get(thumb.getRawPath() + "?" + thumb.getRawQuery()).then().statusCode(200).extract().asByteArray(), "image/jpeg",
                    java.util.Optional.of(keys.resolve("c2pa-ca.pem")));
            // trusted, but for the manifest it carries of an upload signed by a signer not trusted here
            assertEquals(file.getKey().equals("Valid") ? "Valid" : "Trusted", reading.state(), file.getKey() + ": " + reading.codes("failure"));
            var ingredient = reading.activeManifest().path("ingredients").get(0);
            assertEquals(id, ingredient.path("title").asText());
            assertEquals(active, ingredient.path("active_manifest").asText(), "the upload's own manifest is its parent's");
            // the reading was made once, at completion, and kept: the file is not read again for it
            store.put("media/" + id + ".png", "image/png", TestImages.png(8, 8));
            assertEquals(file.getKey(), given().header("Authorization", as(user)).when().get("/v1/media/" + id + "/provenance")
                    .then().statusCode(200).extract().jsonPath().getString("result.provenance.validation_state"));
        }
        JsonPath changedReading = given().header("Authorization", as(user)).when()
                .get("/v1/media/" + uploaded(user, changed, true).getString("result.media.id") + "/provenance").then().statusCode(200)
                .extract().jsonPath();
        assertTrue(changedReading.getList("result.provenance.validation_results.activeManifest.failure.code")
                .contains("assertion.dataHash.mismatch"), changedReading.prettify());
        JsonPath plain = uploaded(user, TestImages.png(16, 16), true);
        assertEquals(false, plain.getBoolean("result.media.provenance.signed"));
        var plainThumb = io.mediagate.testing.C2paReference.read(given().when()
                .get(URI.create(plain.getString("result.media.thumbnail")).getPath()).then().statusCode(200).extract().asByteArray(),
                "image/jpeg", java.util.Optional.of(keys.resolve("c2pa-ca.pem")));
        assertEquals("c2pa.converted", plainThumb.assertion("c2pa.actions.v2").path("actions").get(1).path("action").asText(),
                "an unsigned upload's thumbnail still says how it was made");
    }

    @Test
    void aFifteenMegabytePngGoesUpThroughThePresignedUrlAndBecomesReady() throws Exception {
        String user = user();
        byte[] png = noisePng(2240, 2240);
        assertTrue(png.length > 14_000_000 && png.length < 20 * 1024 * 1024, "size " + png.length);
        JsonPath upload = start(user, "image/png", png.length, 200);
        assertEquals("PUT", upload.getString("result.method"));
        assertEquals(20 * 1024 * 1024, upload.getLong("result.maxBytes"));
        String id = upload.getString("result.id");
        assertEquals(200, put(upload, png));
        JsonPath done = given().header("Authorization", as(user)).when().post("/v1/media/" + id)
                .then().statusCode(200).extract().jsonPath();
        assertEquals("ready", done.getString("result.media.status"));
        assertEquals("image/png", done.getString("result.media.mime"));
        assertEquals(png.length, done.getLong("result.media.bytes"));
        assertEquals(2240, done.getInt("result.media.width"));
        assertEquals("image", done.getString("result.media.media"));
        String url = done.getString("result.media.url");
        byte[] served = given().when().get(URI.create(url).getPath()).then().statusCode(200).extract().asByteArray();
        assertArrayEquals(png, served);
        String thumb = done.getString("result.media.thumbnail");
        BufferedImage small = ImageIO.read(new java.io.ByteArrayInputStream(
                given().when().get(URI.create(thumb).getPath()).then().statusCode(200).extract().asByteArray()));
        assertEquals(320, small.getWidth());
        given().header("Authorization", as(user)).when().post("/v1/media/" + id).then().statusCode(200)
                .body("result.media.id", equalTo(id));
    }

    @Test
    void everyUploadErrorHasItsCode() throws Exception {
        String user = user();
        assertEquals("payload_too_large", start(user, "image/png", 25L * 1024 * 1024, 413).getString("code"));
        assertEquals("unsupported_media_type", start(user, "text/plain", 10, 415).getString("code"));
        assertEquals("bytes", start(user, "image/png", 0, 400).getString("param"));

        JsonPath early = start(user, "image/png", 100, 200);
        given().header("Authorization", as(user)).when().post("/v1/media/" + early.getString("result.id"))
                .then().statusCode(409).body("code", equalTo("upload_incomplete"));
        given().header("Authorization", as(user())).when().post("/v1/media/" + early.getString("result.id"))
                .then().statusCode(403).body("code", equalTo("permission_denied"));
        given().header("Authorization", as(user)).when().post("/v1/media/med_nosuchupload00")
                .then().statusCode(404);

        byte[] text = "this is not a picture at all".getBytes();
        JsonPath fake = start(user, "image/png", text.length, 200);
        assertEquals(200, put(fake, text));
        given().header("Authorization", as(user)).when().post("/v1/media/" + fake.getString("result.id"))
                .then().statusCode(415).body("code", equalTo("unsupported_media_type"));
        assertTrue(store.size("uploads/" + fake.getString("result.id")).isEmpty(), "refused bytes are not kept");

        // SVG can carry script: never an upload, declared as such or sent under another type.
        assertEquals("unsupported_media_type", start(user, "image/svg+xml", 100, 415).getString("code"));
        byte[] svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\"><script>alert(1)</script></svg>".getBytes();
        JsonPath disguised = start(user, "image/png", svg.length, 200);
        assertEquals(200, put(disguised, svg));
        given().header("Authorization", as(user)).when().post("/v1/media/" + disguised.getString("result.id"))
                .then().statusCode(415).body("code", equalTo("unsupported_media_type"));
    }

    @Test
    void malformedDeclarationsAre400InTheEnvelopeNamingTheField() {
        String user = user();
        String[][] cases = {
                {"{\"mime\":\"image/png\",\"bytes\":100,\"filename\":\"x.png\",\"public\":false,\"mime\":\"image/png\"}", null},
                {"{\"mime\":\"image/png\",\"bytes\":true}", "bytes"},
                {"{\"mime\":[\"a\"],\"bytes\":100}", "mime"},
                {"[]", null},
                {"{\"mime\":\"image/png\",\"bytes\":100,\"public\":\"yes\"}", "public"}};
        for (String[] c : cases) {
            var response = given().header("Authorization", as(user)).contentType("application/json").body(c[0])
                    .when().post("/v1/media/upload").then().statusCode(400).contentType(containsString("application/json"))
                    .body("success", equalTo(false)).body("code", equalTo("invalid_request"));
            if (c[1] != null) {
                response.body("param", equalTo(c[1]));
            }
        }
    }

    @Test
    void theStorageQuotaCountsPendingUploads() {
        String user = user();
        for (int i = 0; i < 10; i++) {
            start(user, "video/mp4", 100L * 1024 * 1024, 200);
        }
        JsonPath refused = start(user, "video/mp4", 100L * 1024 * 1024, 429);
        assertEquals("storage", refused.getString("limit"));
        assertEquals("rate_limit_exceeded", refused.getString("code"));
    }

    @Test
    void deleteCancelsAPendingUploadAndFreesItsQuota() throws Exception {
        String user = user();
        String first = null;
        for (int i = 0; i < 10; i++) {
            String id = start(user, "video/mp4", 100L * 1024 * 1024, 200).getString("result.id");
            first = first == null ? id : first;
        }
        start(user, "video/mp4", 100L * 1024 * 1024, 429);
        given().header("Authorization", as(user())).when().delete("/v1/media/" + first)
                .then().statusCode(404).body("code", equalTo("not_found"));
        given().header("Authorization", as(user)).when().delete("/v1/media/" + first)
                .then().statusCode(200).body("result.deleted", equalTo(true));
        given().header("Authorization", as(user)).when().delete("/v1/media/" + first).then().statusCode(404);
        start(user, "video/mp4", 100L * 1024 * 1024, 200);

        byte[] png = TestImages.png(16, 16);
        JsonPath upload = start(user(), "image/png", png.length, 200);
        String id = upload.getString("result.id");
        assertEquals(200, put(upload, png));
        String owner = QuarkusTransaction.requiringNew().call(() -> MediaRecord.<MediaRecord>findById(id).ownerId);
        given().header("Authorization", as(owner)).when().delete("/v1/media/" + id).then().statusCode(200);
        assertTrue(store.size("uploads/" + id).isEmpty(), "the uploaded bytes of a cancelled upload are gone");
        given().header("Authorization", as(owner)).when().post("/v1/media/" + id).then().statusCode(404);
    }

    @Test
    void aPendingDeclarationCountsAgainstTheQuotaOnlyWhileItsUrlLives() {
        String user = user();
        JsonPath first = start(user, "video/mp4", 100L * 1024 * 1024, 200);
        Instant urlExpires = Instant.parse(first.getString("result.expiresAt"));
        long minutes = java.time.Duration.between(Instant.now(), urlExpires).toMinutes();
        assertTrue(minutes >= 14 && minutes <= 15, "the upload URL lives the configured 15 minutes: " + minutes);
        for (int i = 0; i < 9; i++) {
            start(user, "video/mp4", 100L * 1024 * 1024, 200);
        }
        start(user, "video/mp4", 100L * 1024 * 1024, 429);
        QuarkusTransaction.requiringNew().run(() -> MediaRecord.update("createdAt = ?1 where ownerId = ?2",
                Instant.now().minus(java.time.Duration.ofMinutes(16)), user));
        start(user, "video/mp4", 100L * 1024 * 1024, 200);
    }

    @Test
    void theSweeperRemovesExpiredMediaWithTheirFilesAndAbandonedUploads() throws Exception {
        String user = user();
        byte[] png = TestImages.png(16, 16);
        JsonPath kept = start(user, "image/png", png.length, 200);
        put(kept, png);
        String keptId = kept.getString("result.id");
        given().header("Authorization", as(user)).when().post("/v1/media/" + keptId).then().statusCode(200);
        JsonPath abandoned = start(user, "image/png", png.length, 200);
        put(abandoned, png);
        String abandonedId = abandoned.getString("result.id");
        QuarkusTransaction.requiringNew().run(() -> {
            MediaRecord.<MediaRecord>findById(keptId).expiresAt = Instant.now().minusSeconds(1);
            MediaRecord.<MediaRecord>findById(abandonedId).expiresAt = Instant.now().minusSeconds(1);
        });
        assertTrue(sweeper.sweep() >= 2);
        assertTrue(QuarkusTransaction.requiringNew().call(() -> MediaRecord.findById(keptId) == null));
        assertTrue(QuarkusTransaction.requiringNew().call(() -> MediaRecord.findById(abandonedId) == null));
        assertTrue(store.size("media/" + keptId + ".png").isEmpty(), "the expired item's file is gone");
        assertTrue(store.size("media/" + keptId + "/thumbnail.jpg").isEmpty(), "and its thumbnail");
        assertTrue(store.size("uploads/" + abandonedId).isEmpty(), "the abandoned bytes are gone");
        given().when().get("/files/" + keptId + ".png").then().statusCode(404);
    }
}
