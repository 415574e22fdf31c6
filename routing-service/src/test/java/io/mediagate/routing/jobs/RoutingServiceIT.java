package io.mediagate.routing.jobs;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestTokens;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.util.Set;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "routing"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "s3", value = "true")})
class RoutingServiceIT {
    /** The management interface (its root, /q, is cut off below: the paths are written whole). */
    @TestHTTPResource(value = "/", management = true)
    URL management;

    @Test
    void readyWithDatabaseAndBrokerAndExposesMetricsOnTheManagementPortOnly() {
        given().when().get(management.toString().replaceAll("/+$", "").replaceAll("/q$", "") + "/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get(management.toString().replaceAll("/+$", "").replaceAll("/q$", "") + "/q/metrics").then().statusCode(200).body(containsString("http_server"));
        given().when().get("/q/health/ready").then().statusCode(404);
    }

    @Test
    void jobsAreOnlyVisibleToTheirOwnerAndNeedAToken() {
        given().when().get("/v1/jobs/job_unknown").then().statusCode(401);
        given().header("Authorization", TestTokens.bearer("usr_a", "free", Set.of("user")))
                .when().get("/v1/jobs/job_unknown").then().statusCode(404).body("code", equalTo("not_found"));
    }
}
