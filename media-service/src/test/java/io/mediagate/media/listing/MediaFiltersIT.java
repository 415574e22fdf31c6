package io.mediagate.media.listing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestImages;
import io.mediagate.testing.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "media"), @ResourceArg(name = "s3", value = "true"),
        @ResourceArg(name = "kafka", value = "true")})
class MediaFiltersIT {
    static final String USER = "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    static String fox;
    static String panda;
    static String glove;

    private static String id() {
        return "med_" + UUID.randomUUID().toString().replace("-", "");
    }

    @BeforeEach
    void storeOnce() throws Exception {
        if (fox != null) {
            return;
        }
        fox = id();
        panda = id();
        glove = id();
        MediaApiIT.store(fox, USER, true, "A Red Fox, jumping!", TestImages.png(8, 8), "acme/one:1", "alpha", 7).then().statusCode(200);
        MediaApiIT.store(panda, USER, false, "red panda sleeping", TestImages.png(8, 8), "acme/two:2", "beta", 7).then().statusCode(200);
        MediaApiIT.store(glove, USER, true, "foxglove flowers", TestImages.png(8, 8), "acme/one:2", "beta", 7).then().statusCode(200);
    }

    private static io.restassured.response.ValidatableResponse mine(String param, String value) {
        return given().header("Authorization", TestTokens.bearer(USER, "free", Set.of("user")))
                .queryParam("user", "me").queryParam(param, value).when().get("/v1/media").then();
    }

    @Test
    void modelTakesAnIdOrAVersionSlugInAnyCase() {
        mine("model", "acme/one").statusCode(200).body("result.medias.id", containsInAnyOrder(fox, glove));
        mine("model", "acme/one:2").statusCode(200).body("result.medias.id", containsInAnyOrder(glove));
        mine("model", "ACME/ONE:1").statusCode(200).body("result.medias.id", containsInAnyOrder(fox));
        mine("model", "not a model").statusCode(400).body("param", equalTo("model"));
    }

    @Test
    void providerMatchesInAnyCase() {
        mine("provider", "BETA").statusCode(200).body("result.total", equalTo(2))
                .body("result.medias.id", containsInAnyOrder(panda, glove));
        mine("provider", "no such!").statusCode(400).body("param", equalTo("provider"));
    }

    @Test
    void searchMatchesEveryWordAsAWholeWordInAnyCase() {
        mine("search", "red").statusCode(200).body("result.medias.id", containsInAnyOrder(fox, panda));
        mine("search", "FOX").statusCode(200).body("result.medias.id", containsInAnyOrder(fox));
        mine("search", "panda  RED").statusCode(200).body("result.medias.id", containsInAnyOrder(panda));
        mine("search", "red fox jumping").statusCode(200).body("result.medias.id", containsInAnyOrder(fox));
        mine("search", "foxes").statusCode(200).body("result.total", equalTo(0));
        mine("search", "!!").statusCode(400).body("param", equalTo("search"));
    }

    @Test
    void filtersCombineAndKeepVisibility() {
        mine("search", "red").statusCode(200);
        given().header("Authorization", TestTokens.bearer("usr_someoneelse", "free", Set.of("user")))
                .queryParam("user", USER).queryParam("search", "red").when().get("/v1/media").then().statusCode(200)
                .body("result.medias.id", containsInAnyOrder(fox));
        given().header("Authorization", TestTokens.bearer(USER, "free", Set.of("user")))
                .queryParam("user", "me").queryParam("provider", "beta").queryParam("model", "acme/one").queryParam("size", "64x48")
                .when().get("/v1/media").then().statusCode(200).body("result.medias.id", containsInAnyOrder(glove));
        mine("size", "huge").statusCode(400).body("param", equalTo("size"));
        given().header("Authorization", TestTokens.bearer(USER, "free", Set.of("user")))
                .queryParam("user", "bob").when().get("/v1/media").then().statusCode(400).body("param", equalTo("user"));
    }

    /** The total of a one-item page: a full page, so the total is counted, not read off the last page. */
    private static int total(String viewer, String user, String param, String value) {
        var request = given().header("Authorization", TestTokens.bearer(viewer, "free", Set.of("user"))).queryParam("limit", 1);
        if (user != null) {
            request = request.queryParam("user", user);
        }
        if (param != null) {
            request = request.queryParam(param, value);
        }
        return request.when().get("/v1/media").then().statusCode(200).body("result.total_exact", equalTo(true))
                .extract().path("result.total");
    }

    @Test
    void totalsStayExactThroughVisibilityChangesDeletesAndPendingUploads() throws Exception {
        String owner = "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String viewer = "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        int publicBefore = total(viewer, null, null, null);
        String open = id();
        String hidden = id();
        MediaApiIT.store(open, owner, true, "tall ship", TestImages.png(8, 8), "acme/three:1", "gamma", 7).then().statusCode(200);
        MediaApiIT.store(hidden, owner, false, "small boat", TestImages.png(8, 8), "acme/three:2", "gamma", 7).then().statusCode(200);
        // A pending upload is nobody's listed item.
        given().header("Authorization", TestTokens.bearer(owner, "free", Set.of("user"))).contentType("application/json")
                .body(java.util.Map.of("mime", "image/png", "bytes", 1000)).when().post("/v1/media/upload").then().statusCode(200);

        assertEquals(2, total(owner, "me", null, null));
        assertEquals(1, total(viewer, owner, null, null));
        assertEquals(publicBefore + 1, total(viewer, null, null, null));
        assertEquals(publicBefore + 2, total(owner, null, null, null));
        assertEquals(1, total(owner, "me", "model", "acme/three:2"));
        assertEquals(2, total(owner, "me", "model", "ACME/three"));
        assertEquals(2, total(owner, "me", "provider", "gamma"));
        assertEquals(0, total(owner, "me", "media", "video"));

        given().header("Authorization", TestTokens.bearer(owner, "free", Set.of("user"))).contentType("application/json")
                .body("{\"public\":true}").when().patch("/v1/media/" + hidden).then().statusCode(200);
        assertEquals(2, total(viewer, owner, null, null));
        assertEquals(publicBefore + 2, total(viewer, null, null, null));

        given().header("Authorization", TestTokens.bearer(owner, "free", Set.of("user"))).when().delete("/v1/media/" + open)
                .then().statusCode(200);
        assertEquals(1, total(owner, "me", null, null));
        assertEquals(1, total(viewer, owner, "model", "acme/three"));
        assertEquals(0, total(viewer, owner, "model", "acme/three:1"));
        assertEquals(publicBefore + 1, total(viewer, null, null, null));
    }
}
