package io.mediagate.media.listing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.media.Registrations;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestImages;
import io.mediagate.testing.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "media"), @ResourceArg(name = "s3", value = "true"),
        @ResourceArg(name = "kafka", value = "true")})
class MediaApiIT {

    private static String as(String user) {
        return TestTokens.bearer(user, "free", Set.of("user"));
    }

    private static String newId() {
        return "med_" + UUID.randomUUID().toString().replace("-", "");
    }

    private static Response store(String id, String owner, boolean isPublic, String prompt, byte[] content) {
        return store(id, owner, isPublic, prompt, content, "local/pattern:2.0", "local", 7);
    }

    static Response store(String id, String owner, boolean isPublic, String prompt, byte[] content, String slug,
                          String provider, int retentionDays) {
        return Registrations.image(id, owner, isPublic, prompt, content, "image/png", slug, provider, retentionDays);
    }

    @Test
    void registeredImagesCarryEverySeedFieldAndTheirDimensions() throws Exception {
        String id = newId();
        store(id, "usr_alice", true, "a blue door", TestImages.png(64, 48)).then().statusCode(200)
                .body("id", equalTo(id))
                .body("url", equalTo("http://127.0.0.1:8080/files/" + id + ".png"))
                .body("mime", equalTo("image/png"))
                .body("user", equalTo("usr_alice"))
                .body("media", equalTo("image"))
                .body("model", equalTo("local/pattern"))
                .body("modelSlug", equalTo("local/pattern:2.0"))
                .body("provider", equalTo("local"))
                .body("providerName", equalTo("Local renderer"))
                .body("prompt", equalTo("a blue door"))
                .body("size", equalTo("64x48"))
                .body("width", equalTo(64))
                .body("height", equalTo(48))
                .body("price", equalTo(0.04f))
                .body("status", equalTo("ready"));
        given().header("Authorization", as("usr_alice")).when().get("/v1/media/" + id)
                .then().statusCode(200).body("result.media.price", equalTo(0.04f));
    }

    @Test
    void storingTheSameIdTwiceKeepsOneRecord() throws Exception {
        String id = newId();
        String first = store(id, "usr_idem", true, "once", TestImages.png(8, 8)).then().statusCode(200).extract().path("createdAt");
        String second = store(id, "usr_idem", true, "once", TestImages.png(8, 8)).then().statusCode(200).extract().path("createdAt");
        assertEquals(first, second);
        given().header("Authorization", as("usr_idem")).queryParam("user", "me")
                .when().get("/v1/media").then().statusCode(200).body("result.total", equalTo(1));
    }

    @Test
    void aFileThatIsNotTheImageDeclaredIsRefusedAndUsersCannotRegister() throws Exception {
        Registrations.image(newId(), "usr_x", true, "x", "<html/>".getBytes(), "text/html", "local/pattern:2.0", "local", 7)
                .then().statusCode(400).body("code", equalTo("invalid_request")).body("param", equalTo("primary"));
        Registrations.image(newId(), "usr_x", true, "x", "<html/>".getBytes(), "image/png", "local/pattern:2.0", "local", 7)
                .then().statusCode(400).body("code", equalTo("invalid_request")).body("param", equalTo("files"));
        given().header("Authorization", as("usr_x")).contentType("application/json").body(Map.of("id", newId()))
                .when().post("/internal/v1/media/register").then().statusCode(403);
    }

    @Test
    void aStagedFileIsCopiedInAndServed() throws Exception {
        String id = newId();
        byte[] png = TestImages.png(16, 12);
        Registrations.staged(id, "usr_stage", png, "image/png").then().statusCode(200)
                .body("id", equalTo(id)).body("bytes", equalTo(png.length)).body("width", equalTo(16))
                .body("price", nullValue()); // registered without one
        byte[] served = given().when().get("/files/" + id + ".png").then().statusCode(200).extract().asByteArray();
        assertArrayEquals(png, served);
    }

    @Test
    void aVectorResultIsKeptAsSvgAndServedSandboxed() {
        String id = newId();
        byte[] svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"48\"><script>alert(1)</script></svg>"
                .getBytes(StandardCharsets.UTF_8);
        Registrations.image(id, "usr_vector", true, "a fox logo", svg, "image/svg+xml", "recraft/recraft-v3-vector:3", "recraft", 7)
                .then().statusCode(200).body("mime", equalTo("image/svg+xml"))
                .body("url", equalTo("http://127.0.0.1:8080/files/" + id + ".svg"));
        Response served = given().when().get("/files/" + id + ".svg");
        served.then().statusCode(200).contentType("image/svg+xml")
                .header("Content-Security-Policy", equalTo("sandbox; default-src 'none'; style-src 'unsafe-inline'"))
                .header("X-Content-Type-Options", equalTo("nosniff"));
        assertArrayEquals(svg, served.asByteArray());

        String png = newId();
        store(png, "usr_vector", true, "raster", TestImages.png(8, 8)).then().statusCode(200);
        given().when().get("/files/" + png + ".png").then().statusCode(200)
                .header("X-Content-Type-Options", equalTo("nosniff")).header("Content-Security-Policy", nullValue());
        // A document that only claims to be an SVG is refused like any other mismatch.
        Registrations.image(newId(), "usr_vector", true, "x", "<html><svg/></html>".getBytes(), "image/svg+xml",
                "recraft/recraft-v3-vector:3", "recraft", 7).then().statusCode(400).body("param", equalTo("files"));
    }

    @Test
    void listingShowsOwnMediaAndOthersPublicMediaOnly() throws Exception {
        String mine = newId();
        String theirsPublic = newId();
        String theirsPrivate = newId();
        store(mine, "usr_bob", false, "bob private", TestImages.png(8, 8)).then().statusCode(200);
        store(theirsPublic, "usr_carol", true, "carol public", TestImages.png(8, 8)).then().statusCode(200);
        store(theirsPrivate, "usr_carol", false, "carol private", TestImages.png(8, 8)).then().statusCode(200);

        given().header("Authorization", as("usr_bob")).queryParam("limit", 100)
                .when().get("/v1/media").then().statusCode(200)
                .body("result.medias.id", hasItem(mine))
                .body("result.medias.id", hasItem(theirsPublic))
                .body("result.medias.id", not(hasItem(theirsPrivate)));
        given().header("Authorization", as("usr_bob")).queryParam("user", "me")
                .when().get("/v1/media").then().statusCode(200)
                .body("result.total", equalTo(1))
                .body("result.medias[0].id", equalTo(mine));
        given().header("Authorization", as("usr_bob")).queryParam("user", "usr_carol")
                .when().get("/v1/media").then().statusCode(200)
                .body("result.medias.user", everyItem(equalTo("usr_carol")))
                .body("result.medias.id", not(hasItem(theirsPrivate)));
        given().header("Authorization", as("usr_bob")).when().get("/v1/media/" + theirsPrivate)
                .then().statusCode(403).body("code", equalTo("permission_denied"));
    }

    @Test
    void listingIsNewestFirstAndPaginates() throws Exception {
        String older = newId();
        String newer = newId();
        store(older, "usr_dave", true, "first", TestImages.png(8, 8)).then().statusCode(200);
        Thread.sleep(5);
        store(newer, "usr_dave", true, "second", TestImages.png(8, 8)).then().statusCode(200);
        given().header("Authorization", as("usr_dave")).queryParam("user", "me").queryParam("limit", 1)
                .when().get("/v1/media").then().statusCode(200)
                .body("result.total", equalTo(2)).body("result.medias[0].id", equalTo(newer));
        given().header("Authorization", as("usr_dave")).queryParam("user", "me").queryParam("limit", 1).queryParam("page", 1)
                .when().get("/v1/media").then().statusCode(200).body("result.medias[0].id", equalTo(older));
        given().header("Authorization", as("usr_dave")).queryParam("user", "me").queryParam("sort", "oldest")
                .when().get("/v1/media").then().statusCode(200).body("result.medias[0].id", equalTo(older));
        given().header("Authorization", as("usr_dave")).queryParam("sort", "sideways")
                .when().get("/v1/media").then().statusCode(400).body("param", equalTo("sort"));
    }

    @Test
    void filesAreServedWithTypeETagRangesAndCaching() throws Exception {
        String id = newId();
        byte[] png = TestImages.png(30, 20);
        store(id, "usr_erin", true, "served", png).then().statusCode(200);
        Response whole = given().when().get("/files/" + id + ".png");
        whole.then().statusCode(200).contentType("image/png").header("Cache-Control", "public, max-age=300");
        assertArrayEquals(png, whole.asByteArray());
        String etag = whole.header("ETag");

        given().header("If-None-Match", etag).when().get("/files/" + id + ".png").then().statusCode(304);
        Response part = given().header("Range", "bytes=0-7").when().get("/files/" + id + ".png");
        part.then().statusCode(206).header("Content-Range", "bytes 0-7/" + png.length);
        assertArrayEquals(Arrays.copyOf(png, 8), part.asByteArray());
        given().header("Range", "bytes=" + png.length + "-").when().get("/files/" + id + ".png").then().statusCode(416);
    }

    @Test
    void privateAndUnknownFilesAreNotServed() throws Exception {
        String id = newId();
        store(id, "usr_frank", false, "secret", TestImages.png(8, 8)).then().statusCode(200);
        given().when().get("/files/" + id + ".png").then().statusCode(404).body("code", equalTo("not_found"));
        given().when().get("/files/med_doesnotexist0.png").then().statusCode(404);
        given().when().get("/files/" + id + ".jpg").then().statusCode(404);
    }
}
