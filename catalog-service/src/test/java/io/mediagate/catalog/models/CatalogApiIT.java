package io.mediagate.catalog.models;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.greaterThan;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;

import io.mediagate.catalog.catalog.CatalogFile;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Set;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "catalog"), @ResourceArg(name = "db", value = "false"),
        @ResourceArg(name = "kafka", value = "true")})
class CatalogApiIT {
    private static String user() {
        return TestTokens.bearer("usr_test", "free", Set.of("user"));
    }

    @Test
    void listsModelsWithTotalAndPagination() {
        given().header("Authorization", user()).queryParam("limit", 1)
                .when().get("/v1/models")
                .then().statusCode(200)
                .body("success", equalTo(true))
                .body("result.total", equalTo(bundledModels()))
                .body("result.models", hasSize(1));
        given().header("Authorization", user()).queryParam("limit", 1).queryParam("page", 1)
                .when().get("/v1/models")
                .then().statusCode(200).body("result.models", hasSize(1));
    }

    @Test
    void theListAlsoHasOpenAisShapeWithEveryMatchingModel() {
        given().header("Authorization", user()).queryParam("limit", 1)
                .when().get("/v1/models")
                .then().statusCode(200)
                .body("result.models", hasSize(1))
                .body("object", equalTo("list"))
                .body("data", hasSize(bundledModels()))
                .body("data.id", hasItem("local/pattern"))
                .body("data.find { it.id == 'local/pattern' }.object", equalTo("model"))
                .body("data.find { it.id == 'local/pattern' }.owned_by", equalTo("local"))
                .body("data.find { it.id == 'local/pattern' }.created", greaterThan(1_600_000_000));
        given().header("Authorization", user()).queryParam("media", "video")
                .when().get("/v1/models")
                .then().statusCode(200).body("data", hasSize(bundledVideoModels()));
    }

    @Test
    void filtersModelsByMedia() {
        given().header("Authorization", user()).queryParam("media", "video")
                .when().get("/v1/models")
                .then().statusCode(200)
                .body("result.total", equalTo(bundledVideoModels()))
                .body("result.models[0].id", equalTo("local/motion"))
                .body("result.models[0].durations.default", equalTo(5.0f));
    }

    @Test
    void filtersModelsByProvider() {
        given().header("Authorization", user()).queryParam("provider", "LOCAL")
                .when().get("/v1/models")
                .then().statusCode(200).body("result.total", equalTo(6))
                .body("result.models.find { it.id == 'local/upscale' }.operation", equalTo("upscale"))
                .body("result.models.find { it.id == 'local/pattern' }.operation", org.hamcrest.Matchers.nullValue());
        given().header("Authorization", user()).queryParam("provider", "nobody")
                .when().get("/v1/models")
                .then().statusCode(404).body("code", equalTo("provider_not_found"));
        given().header("Authorization", user()).queryParam("media", "audio")
                .when().get("/v1/models")
                .then().statusCode(400).body("param", equalTo("media"));
    }

    @Test
    void aModelIsFoundWithRawOrEncodedSlashAndWithAVersion() {
        for (String path : new String[] {"/v1/models/local/pattern", "/v1/models/local%2Fpattern", "/v1/models/local/pattern:1.0"}) {
            given().header("Authorization", user()).urlEncodingEnabled(false)
                    .when().get(path)
                    .then().statusCode(200)
                    .body("result.model.id", equalTo("local/pattern"))
                    .body("result.model.version", equalTo("2.0"))
                    .body("result.model.versions.slug", hasItem("local/pattern:1.0"))
                    .body("result.model.providers[0].price.unit", equalTo("image"))
                    .body("result.model.providers[0].price.currency", equalTo("USD"));
        }
    }

    @Test
    void anOfferPricedApartAtSomeSizesListsThosePrices() {
        given().header("Authorization", user()).when().get("/v1/models/google/gemini-3-pro-image")
                .then().statusCode(200)
                .body("result.model.providers[0].price.amount", equalTo(0.134f))
                .body("result.model.providers[0].price.bySize.'4096x4096'", equalTo(0.24f));
        given().header("Authorization", user()).when().get("/v1/models/local/pattern")
                .then().statusCode(200).body("result.model.providers[0].price", not(hasKey("bySize")));
    }

    @Test
    void oneModelAlsoAnswersOpenAisModelObjectNextToTheEnvelope() {
        given().header("Authorization", user()).when().get("/v1/models/local/pattern:2.0")
                .then().statusCode(200)
                .body("success", equalTo(true))
                .body("result.model.id", equalTo("local/pattern"))
                .body("id", equalTo("local/pattern"))
                .body("object", equalTo("model"))
                .body("owned_by", equalTo("local"))
                .body("created", greaterThan(1_600_000_000));
    }

    @Test
    void unknownModelsAndVersionsAre404ModelNotFound() {
        given().header("Authorization", user()).when().get("/v1/models/local/nothing")
                .then().statusCode(404).body("code", equalTo("model_not_found")).body("success", equalTo(false));
        given().header("Authorization", user()).when().get("/v1/models/local/pattern:9.9")
                .then().statusCode(404).body("code", equalTo("model_not_found"));
    }

    /** The bundled catalog this test runs on, as the file has it. */
    private static CatalogFile bundled() {
        try (var in = CatalogApiIT.class.getResourceAsStream("/catalog.yaml")) {
            return CatalogFile.read(in, "catalog.yaml");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static int bundledModels() {
        return bundled().models().size();
    }

    private static int bundledVideoModels() {
        return (int) bundled().models().stream().filter(m -> m.media().equals("video")).count();
    }

    @Test
    void providersAreFoundByIdInAnyCase() {
        int bundled = bundled().providers().size();
        given().header("Authorization", user()).when().get("/v1/providers")
                .then().statusCode(200).body("result.total", equalTo(bundled)).body("result.providers[0].slug", equalTo("local"));
        given().header("Authorization", user()).when().get("/v1/providers/LOCAL")
                .then().statusCode(200)
                .body("result.provider.id", equalTo("local"))
                .body("result.provider.status", equalTo("operational"))
                .body("result.provider.models", hasItem("local/motion"))
                .body("result.provider.health", notNullValue());
        given().header("Authorization", user()).when().get("/v1/providers/nobody")
                .then().statusCode(404).body("code", equalTo("provider_not_found"));
    }

    @Test
    void paidProvidersAreListedWithTheirModelsAndPricesButDisabledWithoutTheirKeys() {
        given().header("Authorization", user()).when().get("/v1/providers/runway")
                .then().statusCode(200)
                .body("result.provider.status", equalTo("disabled"))
                .body("result.provider.models", hasItem("runway/gen4.5"));
        given().header("Authorization", user()).when().get("/v1/models/black-forest-labs/flux-1.1-pro")
                .then().statusCode(200)
                .body("result.model.providers.provider", org.hamcrest.Matchers.contains("bfl", "replicate", "fal"))
                .body("result.model.providers[0].price.amount", equalTo(0.04f))
                .body("result.model.providers[0].price.unit", equalTo("image"))
                .body("result.model.providers[0].status", equalTo("disabled"));
        given().header("Authorization", user()).queryParam("provider", "kling").when().get("/v1/models")
                .then().statusCode(200)
                .body("result.models.id", org.hamcrest.Matchers.containsInAnyOrder("kling/kling-2.5-turbo", "kling/kling-2.1-master"))
                .body("result.models[0].providers[0].price.unit", equalTo("second"));
    }

    @Test
    void badPaginationIs400NamingTheParameter() {
        given().header("Authorization", user()).queryParam("limit", 0).when().get("/v1/models")
                .then().statusCode(400).body("code", equalTo("invalid_request")).body("param", equalTo("limit"));
        given().header("Authorization", user()).queryParam("limit", 101).when().get("/v1/providers")
                .then().statusCode(400).body("param", equalTo("limit"));
    }

    @Test
    void requestsWithoutAValidInternalTokenAreRefused() {
        given().when().get("/v1/models").then().statusCode(401);
        given().header("Authorization", "Bearer not-a-jwt").when().get("/v1/models").then().statusCode(401);
        given().header("Authorization", user()).when().get("/internal/v1/models/local/pattern").then().statusCode(403);
        given().header("Authorization", TestTokens.bearer("routing-service", "", Set.of("service")))
                .when().get("/internal/v1/models/local/pattern")
                .then().statusCode(200).body("model.id", equalTo("local/pattern")).body("catalogProviders", hasItem("local"));
    }
}
