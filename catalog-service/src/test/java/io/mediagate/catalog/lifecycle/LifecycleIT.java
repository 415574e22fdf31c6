package io.mediagate.catalog.lifecycle;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.nullValue;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.catalog.CatalogApiClient;
import io.mediagate.common.catalog.ModelLifecycle;
import io.mediagate.testing.ManualClock;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.ValidatableResponse;
import jakarta.inject.Inject;
import java.net.URL;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * A catalog with models going and gone (src/test/resources/lifecycle-catalog.yaml), read with the clock pinned before, at
 * and after the shutdown day: {@code /v1/models} shows the lifecycle and retires the offers from 00:00 UTC of that day,
 * the administrator's list names what shuts within 30 days, and routing's list of lifecycles is every model going as a
 * whole.
 */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, restrictToAnnotatedClass = true, initArgs = {
        @ResourceArg(name = "service", value = "catalog"), @ResourceArg(name = "db", value = "false"),
        @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "config:mediagate.catalog.file", value = "src/test/resources/lifecycle-catalog.yaml")})
class LifecycleIT {
    @Inject
    ManualClock clock;
    @Inject
    InternalClients clients;
    @TestHTTPResource("/")
    URL base;

    @AfterEach
    void realTime() {
        clock.release();
    }

    private static ValidatableResponse model(String id) {
        return given().header("Authorization", TestTokens.bearer("usr_test", "free", Set.of("user")))
                .when().get("/v1/models/" + id).then().statusCode(200);
    }

    private static ValidatableResponse shutdowns(String query) {
        return given().header("Authorization", TestTokens.bearer("usr_admin", "enterprise", Set.of("admin")))
                .when().get("/v1/admin/catalog/shutdowns" + query).then();
    }

    @Test
    void beforeItsShutdownDayAModelIsDeprecatedWithItsDatesAndReplacementAndStillServed() {
        clock.set(Instant.parse("2026-12-14T23:59:59Z"));
        model("acme/old")
                .body("result.model.lifecycle.status", equalTo("deprecated"))
                .body("result.model.lifecycle.deprecated", equalTo("2026-11-01"))
                .body("result.model.lifecycle.shutdown", equalTo("2026-12-15"))
                .body("result.model.lifecycle.replacement", equalTo("acme/new"))
                .body("result.model.lifecycle.source", equalTo("https://alpha.example/deprecations"))
                .body("result.model.providers[0].status", equalTo("operational"))
                .body("result.model.providers[0].retired", nullValue());
        model("acme/new").body("result.model.lifecycle", nullValue());
    }

    @Test
    void fromMidnightOfItsShutdownDayItIsRetiredAndSoAreItsOffers() {
        for (String at : List.of("2026-12-15T00:00:00Z", "2027-02-01T12:00:00Z")) {
            clock.set(Instant.parse(at));
            model("acme/old")
                    .body("result.model.lifecycle.status", equalTo("retired"))
                    .body("result.model.lifecycle.replacement", equalTo("acme/new"))
                    .body("result.model.providers[0].status", equalTo("retired"))
                    .body("result.model.providers[0].retired.reason", equalTo("shut down by alpha on 2026-12-15 (https://alpha.example/deprecations)"))
                    .body("result.model.providers[0].retired.at", equalTo("2026-12-15T00:00:00Z"));
        }
    }

    @Test
    void anOfferRetiredApartFromItsModelLeavesTheModelServedByTheOther() {
        clock.set(Instant.parse("2026-12-05T00:00:00Z"));
        model("acme/split")
                .body("result.model.lifecycle", nullValue())
                .body("result.model.providers.find { it.provider == 'alpha' }.status", equalTo("retired"))
                .body("result.model.providers.find { it.provider == 'alpha' }.lifecycle.status", equalTo("retired"))
                .body("result.model.providers.find { it.provider == 'alpha' }.lifecycle.replacement", equalTo("acme/new"))
                .body("result.model.providers.find { it.provider == 'beta' }.status", equalTo("operational"));
    }

    @Test
    void eachOfferSaysWhereItsFactsWereReadAndHowItsProviderMetersTheBill() {
        model("acme/old")
                .body("result.model.providers[0].source.url", equalTo("https://alpha.example/pricing"))
                .body("result.model.providers[0].source.read", equalTo("2026-11-20"))
                .body("result.model.providers[0].price.tokens.textInput", equalTo(5))
                .body("result.model.providers[0].price.tokens.imageOutput", equalTo(40));
        model("acme/new")
                .body("result.model.providers[0].price.megapixels.first", equalTo(0.03f))
                .body("result.model.providers[0].price.megapixels.rounding", equalTo("up"));
    }

    @Test
    void theAdministratorSeesWhatShutsWithinThirtyDaysSoonestFirst() {
        clock.set(Instant.parse("2026-11-20T10:00:00Z"));
        shutdowns("").statusCode(200)
                .body("result.days", equalTo(30))
                .body("result.shutdowns", hasSize(2))
                .body("result.shutdowns[0].model", equalTo("acme/split"))
                .body("result.shutdowns[0].provider", equalTo("alpha"))
                .body("result.shutdowns[0].shutdown", equalTo("2026-12-05"))
                .body("result.shutdowns[0].daysLeft", equalTo(15))
                .body("result.shutdowns[1].model", equalTo("acme/old"))
                .body("result.shutdowns[1].provider", nullValue())
                .body("result.shutdowns[1].replacement", equalTo("acme/new"))
                .body("result.shutdowns[1].daysLeft", equalTo(25));
        clock.set(Instant.parse("2026-11-10T10:00:00Z"));
        shutdowns("").statusCode(200).body("result.shutdowns.model", equalTo(List.of("acme/split")));
        shutdowns("?days=40").statusCode(200).body("result.shutdowns.model", equalTo(List.of("acme/split", "acme/old")));
        clock.set(Instant.parse("2026-12-15T00:00:00Z"));
        shutdowns("").statusCode(200).body("result.shutdowns", hasSize(0));
        shutdowns("?days=0").statusCode(400).body("code", equalTo("invalid_request")).body("param", equalTo("days"));
        given().header("Authorization", TestTokens.bearer("usr_test", "free", Set.of("user")))
                .when().get("/v1/admin/catalog/shutdowns").then().statusCode(403);
    }

    @Test
    void routingReadsEveryModelGoingAsAWhole() {
        List<ModelLifecycle> all = InternalHttp.await(new CatalogApiClient(clients, base.toString(), CallAs.service("routing-service")).lifecycles());
        assertEquals(List.of("acme/old"), all.stream().map(ModelLifecycle::model).toList(), "acme/split lives on at beta");
        assertEquals(LocalDate.parse("2026-12-15"), all.getFirst().lifecycle().shutdown());
        assertEquals("acme/new", all.getFirst().lifecycle().replacement());
    }
}
