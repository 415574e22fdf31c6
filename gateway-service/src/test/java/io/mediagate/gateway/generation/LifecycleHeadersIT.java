package io.mediagate.gateway.generation;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.mediagate.common.catalog.DurationSpec;
import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.OfferUnit;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Input;
import io.mediagate.gateway.GatewayTestResources;
import io.mediagate.testing.ManualClock;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import io.restassured.specification.RequestSpecification;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What the gateway itself answers for a video model going and gone, with the clock pinned before, at and after its
 * shutdown day (routing is not running here: every job is answered 202 at once): the answers carry {@code Deprecation},
 * {@code Sunset} and {@code Link}; OpenAI's video face, which checks the model itself, refuses it 410 naming the
 * replacement from the shutdown day on, or takes the replacement when the request or its account asks for upgrades;
 * {@code model_upgrades} takes {@code replacement} or {@code none} only. The catalog is {@link FakeCatalog}.
 */
@QuarkusTest
class LifecycleHeadersIT {
    private static final String PAGE = "https://provider.example/deprecations";
    private static final Instant BEFORE = Instant.parse("2026-12-14T23:59:59Z");
    private static final Instant AT = Instant.parse("2026-12-15T00:00:00Z");
    private static final Instant AFTER = Instant.parse("2027-01-05T10:00:00Z");
    @Inject
    ManualClock clock;

    private static ResolvedModel video(String id, Lifecycle lifecycle) {
        ProviderSpec alpha = new ProviderSpec("alpha", "Alpha", "fake", List.of("video"), true, null, null, Instant.EPOCH);
        OfferSpec offer = new OfferSpec("alpha", new BigDecimal("0.05"), OfferUnit.SECOND, List.of(), null, null, null, "m", null, null);
        return new ResolvedModel(new ModelSpec(id, id, "video", "d", List.of(new VersionSpec("1", Instant.EPOCH)), List.of("480p", "720p"),
                "480p", new DurationSpec(1, 8, 4), List.of(Input.TEXT), List.of(), List.of(offer), Instant.EPOCH, lifecycle),
                List.of(alpha), List.of("alpha"), Map.of(), Map.of());
    }

    @BeforeAll
    static void catalog() {
        FakeCatalog.model(video("acme/going", new Lifecycle(LocalDate.parse("2026-11-01"), LocalDate.parse("2026-12-15"), "acme/next", PAGE)));
        FakeCatalog.model(video("acme/next", null));
    }

    @AfterEach
    void realTime() {
        clock.release();
    }

    private static String key(String modelUpgrades) {
        RequestSpecification admin = given().header("Authorization", "Bearer " + GatewayTestResources.ADMIN_KEY).contentType("application/json");
        String account = admin.body(Map.of("name", "lifecycle", "tier", "enterprise")).when().post("/v1/admin/accounts")
                .then().statusCode(200).extract().path("result.account.id");
        Map<String, Object> change = new java.util.HashMap<>(Map.of("limits", Map.of("perMinute", 1000, "videoPerMinute", 1000,
                "concurrentVideos", 1000)));
        if (modelUpgrades != null) {
            change.put("modelUpgrades", modelUpgrades);
        }
        given().header("Authorization", "Bearer " + GatewayTestResources.ADMIN_KEY).contentType("application/json").body(change)
                .when().patch("/v1/admin/accounts/" + account).then().statusCode(200)
                .body("result.account.modelUpgrades", equalTo(modelUpgrades == null ? "none" : modelUpgrades));
        return "Bearer " + given().header("Authorization", "Bearer " + GatewayTestResources.ADMIN_KEY)
                .when().post("/v1/admin/accounts/" + account + "/keys").then().statusCode(200).extract().path("result.key.key");
    }

    private static ValidatableResponse async(String key, String body) {
        return given().header("Authorization", key).header("Prefer", "respond-async").contentType("application/json").body(body)
                .when().post("/v1/videos/generations").then();
    }

    private static ValidatableResponse openAi(String key, String body) {
        return given().header("Authorization", key).contentType("application/json").body(body).when().post("/v1/videos").then();
    }

    @Test
    void beforeItsShutdownAnAcceptedJobsAnswerSaysTheModelIsDeprecatedWhenItShutsAndWhatReplacesIt() {
        clock.set(BEFORE);
        String key = key(null);
        async(key, "{\"model\":\"acme/going\",\"prompt\":\"p\"}").statusCode(202)
                .header("Deprecation", "@" + Instant.parse("2026-11-01T00:00:00Z").getEpochSecond())
                .header("Sunset", "Tue, 15 Dec 2026 00:00:00 GMT")
                .header("Link", "</v1/models/acme/next>; rel=\"successor-version\", <" + PAGE + ">; rel=\"deprecation\"; type=\"text/html\"");
        openAi(key, "{\"model\":\"acme/going\",\"prompt\":\"p\"}").statusCode(200).body("model", equalTo("acme/going"))
                .header("Sunset", "Tue, 15 Dec 2026 00:00:00 GMT");
        async(key, "{\"model\":\"acme/next\",\"prompt\":\"p\"}").statusCode(202).header("Deprecation", nullValue())
                .header("Sunset", nullValue()).header("Link", nullValue());
    }

    @Test
    void fromMidnightOfItsShutdownDayOpenAisFaceRefusesIt410NamingTheReplacementUnlessUpgradesAreTaken() {
        for (Instant now : List.of(AT, AFTER)) {
            clock.set(now);
            String key = key(null);
            openAi(key, "{\"model\":\"acme/going\",\"prompt\":\"p\"}").statusCode(410)
                    .body("code", equalTo("model_retired")).body("error.code", equalTo("model_retired"))
                    .body("param", equalTo("model")).body("replacement", equalTo("acme/next"))
                    .body("message", containsString("shut down by its provider on 2026-12-15"));
            openAi(key, "{\"model\":\"acme/going\",\"prompt\":\"p\",\"model_upgrades\":\"replacement\"}").statusCode(200)
                    .header("Deprecation", "@" + Instant.parse("2026-11-01T00:00:00Z").getEpochSecond())
                    .header("Link", containsString("</v1/models/acme/next>; rel=\"successor-version\""));
            async(key, "{\"model\":\"acme/going\",\"prompt\":\"p\",\"model_upgrades\":\"replacement\"}").statusCode(202)
                    .header("Sunset", "Tue, 15 Dec 2026 00:00:00 GMT");
        }
        clock.set(AT.minusMillis(1));
        openAi(key(null), "{\"model\":\"acme/going\",\"prompt\":\"p\"}").statusCode(200);
    }

    @Test
    void anAccountTakingUpgradesIsServedByTheReplacementAndOneRequestMaySayNone() {
        clock.set(AFTER);
        String key = key("replacement");
        openAi(key, "{\"model\":\"acme/going\",\"prompt\":\"p\"}").statusCode(200);
        openAi(key, "{\"model\":\"acme/going\",\"prompt\":\"p\",\"model_upgrades\":\"none\"}").statusCode(410)
                .body("code", equalTo("model_retired"));
    }

    @Test
    void modelUpgradesTakesReplacementOrNoneOnEveryGenerationEndpoint() {
        String key = key(null);
        for (String bad : List.of("\"latest\"", "true", "\"REPLACEMENT\"")) {
            async(key, "{\"model\":\"acme/going\",\"prompt\":\"p\",\"model_upgrades\":" + bad + "}").statusCode(400)
                    .body("code", equalTo("invalid_request")).body("param", equalTo("model_upgrades"));
            openAi(key, "{\"model\":\"acme/going\",\"prompt\":\"p\",\"model_upgrades\":" + bad + "}").statusCode(400)
                    .body("param", equalTo("model_upgrades"));
            given().header("Authorization", key).contentType("application/json")
                    .body("{\"model\":\"local/pattern\",\"prompt\":\"p\",\"model_upgrades\":" + bad + "}")
                    .when().post("/v1/images/generations").then().statusCode(400).body("param", equalTo("model_upgrades"));
            given().header("Authorization", key).contentType("application/json").body("{\"prompt\":\"p\",\"model_upgrades\":" + bad + "}")
                    .when().post("/v1/videos/video_doesnotexist/remix").then().statusCode(400).body("param", equalTo("model_upgrades"));
        }
        given().header("Authorization", key).multiPart("model", "local/pattern").multiPart("prompt", "p").multiPart("model_upgrades", "latest")
                .multiPart("image", "a.png", io.mediagate.testing.TestImages.png(8, 8), "image/png")
                .when().post("/v1/images/edits").then().statusCode(400).body("param", equalTo("model_upgrades"));
        given().header("Authorization", "Bearer " + GatewayTestResources.ADMIN_KEY).contentType("application/json")
                .body(Map.of("name", "x", "modelUpgrades", "sometimes")).when().post("/v1/admin/accounts").then().statusCode(400)
                .body("param", equalTo("modelUpgrades"));
    }
}
