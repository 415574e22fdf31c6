package io.mediagate.gateway.images;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;

import io.mediagate.gateway.GatewayTestResources;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@QuarkusTest
class ImageValidationIT {
    private static final String ADMIN = GatewayTestResources.ADMIN_KEY;
    private static String key;

    private static synchronized String key() {
        if (key != null) {
            return key;
        }
        String account = given().header("Authorization", "Bearer " + ADMIN).contentType("application/json")
                .body(Map.of("name", "validator", "tier", "pro")).when().post("/v1/admin/accounts")
                .then().statusCode(200).extract().path("result.account.id");
        key = given().header("Authorization", "Bearer " + ADMIN).when().post("/v1/admin/accounts/" + account + "/keys")
                .then().statusCode(200).extract().path("result.key.key");
        return key;
    }

    private static void rejects(String body, String param) {
        var response = given().header("Authorization", "Bearer " + key()).contentType("application/json").body(body)
                .when().post("/v1/images/generations")
                .then().statusCode(400).body("success", equalTo(false)).body("code", equalTo("invalid_request"));
        if (param != null) {
            response.body("param", equalTo(param)).body("error.param", equalTo(param));
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "missing model|{\"prompt\":\"p\"}|model",
            "malformed model|{\"model\":\"pattern\",\"prompt\":\"p\"}|model",
            "missing prompt|{\"model\":\"local/pattern\"}|prompt",
            "blank prompt|{\"model\":\"local/pattern\",\"prompt\":\"   \"}|prompt",
            "prompt not a string|{\"model\":\"local/pattern\",\"prompt\":5}|prompt",
            "size not WxH|{\"model\":\"local/pattern\",\"prompt\":\"p\",\"size\":\"big\"}|size",
            "size over 8192|{\"model\":\"local/pattern\",\"prompt\":\"p\",\"size\":\"9000x512\"}|size",
            "n zero|{\"model\":\"local/pattern\",\"prompt\":\"p\",\"n\":0}|n",
            "n eleven|{\"model\":\"local/pattern\",\"prompt\":\"p\",\"n\":11}|n",
            "n fractional|{\"model\":\"local/pattern\",\"prompt\":\"p\",\"n\":1.5}|n",
            "unknown routing|{\"model\":\"local/pattern\",\"prompt\":\"p\",\"routing\":\"fastest\"}|routing",
            "bad provider|{\"model\":\"local/pattern\",\"prompt\":\"p\",\"provider\":\"no such/thing\"}|provider",
            "public not boolean|{\"model\":\"local/pattern\",\"prompt\":\"p\",\"public\":\"yes\"}|public",
            "unknown response_format|{\"model\":\"local/pattern\",\"prompt\":\"p\",\"response_format\":\"xml\"}|response_format"})
    void invalidFieldsAre400NamingTheField(String name, String body, String param) {
        rejects(body, param);
    }

    @Test
    void aPromptOfMoreThan1000CharactersIsRefused() {
        rejects("{\"model\":\"local/pattern\",\"prompt\":\"" + "x".repeat(1001) + "\"}", "prompt");
    }

    @Test
    void anOversizedBodyIs413InTheEnvelope() {
        given().header("Authorization", "Bearer " + key()).contentType("application/json")
                .body("{\"model\":\"local/pattern\",\"prompt\":\"" + "x".repeat(2_000_000) + "\"}")
                .when().post("/v1/images/generations")
                .then().statusCode(413).body("code", equalTo("payload_too_large")).body("success", equalTo(false));
    }

    @Test
    void malformedBodiesAre400NotServerErrors() {
        rejects("{not json", null);
        rejects("[1,2]", null);
        rejects("", null);
    }
}
