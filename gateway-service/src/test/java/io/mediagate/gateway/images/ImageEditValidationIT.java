package io.mediagate.gateway.images;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.mediagate.gateway.GatewayTestResources;
import io.mediagate.testing.TestImages;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.specification.RequestSpecification;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bad edits and variations are refused in the envelope, naming the field, before any file is kept: no image,
 * a non-image, too many images, a file over 20 MB, a mask of another size or without transparency.
 */
@QuarkusTest
class ImageEditValidationIT {
    private static final String ADMIN = GatewayTestResources.ADMIN_KEY;
    private static final byte[] PNG = TestImages.png(32, 32);
    private static String key;

    private static synchronized String key() {
        if (key == null) {
            String account = given().header("Authorization", "Bearer " + ADMIN).contentType("application/json")
                    .body(Map.of("name", "editor", "tier", "pro")).when().post("/v1/admin/accounts")
                    .then().statusCode(200).extract().path("result.account.id");
            key = given().header("Authorization", "Bearer " + ADMIN).when().post("/v1/admin/accounts/" + account + "/keys")
                    .then().statusCode(200).extract().path("result.key.key");
        }
        return key;
    }

    private static RequestSpecification form() {
        return given().header("Authorization", "Bearer " + key()).multiPart("model", "local/pattern");
    }

    private static void refused(RequestSpecification request, String path, int status, String code, String param) {
        request.when().post(path).then().statusCode(status).body("success", equalTo(false)).body("code", equalTo(code))
                .body("param", equalTo(param)).body("error.param", equalTo(param));
    }

    @Test
    void anEditWithoutAnImageNamesTheImageField() {
        refused(form().multiPart("prompt", "a hat"), "/v1/images/edits", 400, "invalid_request", "image");
        refused(form().multiPart("prompt", "a hat").multiPart("image", "not a file"), "/v1/images/edits", 400, "invalid_request", "image");
    }

    @Test
    void aFileThatIsNotAnImageIs415() {
        refused(form().multiPart("prompt", "a hat").multiPart("image", "notes.png", "hello, not a picture".getBytes(), "image/png"),
                "/v1/images/edits", 415, "unsupported_media_type", "image");
        refused(form().multiPart("image", "a.gif", "GIF89a\u0001\u0000\u0001\u0000".getBytes(), "image/gif"),
                "/v1/images/variations", 415, "unsupported_media_type", "image");
    }

    @Test
    void moreThanSixteenImagesAreRefused() {
        RequestSpecification request = form().multiPart("prompt", "a hat");
        for (int i = 0; i < 17; i++) {
            request = request.multiPart("image[]", "s" + i + ".png", PNG, "image/png");
        }
        refused(request, "/v1/images/edits", 400, "invalid_request", "image");
    }

    @Test
    void aFileOverTwentyMegabytesIs413() {
        byte[] big = new byte[20 * 1024 * 1024 + 10];
        System.arraycopy(PNG, 0, big, 0, PNG.length);
        refused(form().multiPart("prompt", "a hat").multiPart("image", "big.png", big, "image/png"),
                "/v1/images/edits", 413, "payload_too_large", "image");
    }

    @Test
    void theMaskMustBeAPngWithTransparencyOfTheImagesSize() {
        refused(form().multiPart("prompt", "a hat").multiPart("image", "a.png", PNG, "image/png")
                        .multiPart("mask", "m.png", TestImages.mask(64, 64, 0, 0, 8, 8), "image/png"),
                "/v1/images/edits", 400, "invalid_request", "mask");
        refused(form().multiPart("prompt", "a hat").multiPart("image", "a.png", PNG, "image/png")
                        .multiPart("mask", "m.png", TestImages.png(32, 32), "image/png"),
                "/v1/images/edits", 400, "invalid_request", "mask");
        refused(form().multiPart("prompt", "a hat").multiPart("image", "a.png", PNG, "image/png")
                        .multiPart("mask", "m.jpg", TestImages.jpeg(32, 32), "image/jpeg"),
                "/v1/images/edits", 415, "unsupported_media_type", "mask");
        refused(form().multiPart("image", "a.png", PNG, "image/png")
                        .multiPart("mask", "m.png", TestImages.mask(32, 32, 0, 0, 8, 8), "image/png"),
                "/v1/images/variations", 400, "invalid_request", "mask");
    }

    @Test
    void theTextFieldsAreCheckedLikeAGenerations() {
        refused(form().multiPart("image", "a.png", PNG, "image/png"), "/v1/images/edits", 400, "invalid_request", "prompt");
        refused(given().header("Authorization", "Bearer " + key()).multiPart("prompt", "a hat")
                .multiPart("image", "a.png", PNG, "image/png"), "/v1/images/edits", 400, "invalid_request", "model");
        refused(form().multiPart("prompt", "a hat").multiPart("n", "two").multiPart("image", "a.png", PNG, "image/png"),
                "/v1/images/edits", 400, "invalid_request", "n");
        refused(form().multiPart("n", "11").multiPart("image", "a.png", PNG, "image/png"),
                "/v1/images/variations", 400, "invalid_request", "n");
        refused(form().multiPart("prompt", "a hat").multiPart("prompt", "a cap").multiPart("image", "a.png", PNG, "image/png"),
                "/v1/images/edits", 400, "invalid_request", "prompt");
        refused(form().multiPart("prompt", "a hat").multiPart("response_format", "xml").multiPart("image", "a.png", PNG, "image/png"),
                "/v1/images/edits", 400, "invalid_request", "response_format");
        refused(form().multiPart("prompt", "a hat").multiPart("public", "yes").multiPart("image", "a.png", PNG, "image/png"),
                "/v1/images/edits", 400, "invalid_request", "public");
    }

    @Test
    void aMalformedOrCutShortFormIs400NotAServerError() {
        for (String path : new String[] {"/v1/images/edits", "/v1/images/variations", "/v1/videos"}) {
            given().header("Authorization", "Bearer " + key()).contentType("multipart/form-data; boundary=xyz")
                    .body("--xyz\r\nContent-Disposition: form-data; name=\"prompt\"\r\n\r\nhat".getBytes(StandardCharsets.UTF_8))
                    .when().post(path).then().statusCode(400).body("code", equalTo("invalid_request"));
            given().header("Authorization", "Bearer " + key()).contentType("multipart/form-data; boundary=xyz").body(new byte[0])
                    .when().post(path).then().statusCode(400).body("success", equalTo(false));
        }
    }

    @Test
    void aJsonBodyIsNotAnEdit() {
        given().header("Authorization", "Bearer " + key()).contentType("application/json").body("{\"model\":\"local/pattern\"}")
                .when().post("/v1/images/edits").then().statusCode(415).body("success", equalTo(false));
    }
}
