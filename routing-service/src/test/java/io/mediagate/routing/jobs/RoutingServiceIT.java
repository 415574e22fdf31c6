package io.mediagate.routing.jobs;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.mediagate.testing.InternalTokens;
import io.mediagate.testing.ServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Set;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "routing"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "s3", value = "true")})
class RoutingServiceIT {
    @Test
    void readyWithDatabaseAndBrokerAndExposesMetrics() {
        given().when().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
        given().when().get("/q/metrics").then().statusCode(200).body(containsString("http_server"));
    }

    @Test
    void jobsAreOnlyVisibleToTheirOwnerAndNeedAToken() {
        given().when().get("/v1/jobs/job_unknown").then().statusCode(401);
        given().header("Authorization", InternalTokens.bearer("usr_a", "free", Set.of("user")))
                .when().get("/v1/jobs/job_unknown").then().statusCode(404).body("code", equalTo("not_found"));
    }
}
