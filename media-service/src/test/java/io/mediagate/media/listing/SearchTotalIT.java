package io.mediagate.media.listing;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestImages;
import io.mediagate.testing.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A search is counted up to the search count limit (here 3); beyond it the total says it is not exact. */
@QuarkusTest
@TestProfile(SearchTotalIT.SmallLimit.class)
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "media"), @ResourceArg(name = "s3", value = "true"),
        @ResourceArg(name = "kafka", value = "true")})
class SearchTotalIT {
    public static class SmallLimit implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            return Map.of("mediagate.media.search-count-limit", "3");
        }
    }

    @Test
    void aSearchMatchingMoreThanTheLimitReportsTheLimitAsInexactAndStillPages() {
        String owner = "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String word = "w" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        for (int i = 0; i < 5; i++) {
            String prompt = word + (i < 2 ? " lighthouse" : " harbour");
            MediaApiIT.store("med_" + UUID.randomUUID().toString().replace("-", ""), owner, false, prompt, TestImages.png(8, 8),
                    "acme/one:1", "alpha", 7).then().statusCode(200);
        }
        String as = TestTokens.bearer(owner, "free", Set.of("user"));
        given().header("Authorization", as).queryParam("search", word).queryParam("limit", 4).when().get("/v1/media")
                .then().statusCode(200).body("result.total", equalTo(3)).body("result.total_exact", equalTo(false))
                .body("result.medias", hasSize(4));
        given().header("Authorization", as).queryParam("search", word).queryParam("limit", 4).queryParam("page", 1)
                .when().get("/v1/media").then().statusCode(200).body("result.medias", hasSize(1));
        given().header("Authorization", as).queryParam("search", word + " lighthouse").when().get("/v1/media")
                .then().statusCode(200).body("result.total", equalTo(2)).body("result.total_exact", equalTo(true));
    }
}
