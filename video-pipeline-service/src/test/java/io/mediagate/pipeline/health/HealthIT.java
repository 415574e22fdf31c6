package io.mediagate.pipeline.health;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.mediagate.testing.ServiceResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "pipeline"), @ResourceArg(name = "kafka", value = "true"),
        @ResourceArg(name = "db", value = "false"), @ResourceArg(name = "s3", value = "true")})
class HealthIT {
    /** The management interface (its root, /q, is cut off below: the paths are written whole). */
    @TestHTTPResource(value = "/", management = true)
    URL management;

    @Test
    void readyOnlyWithTheBrokerAndExposesPrometheusMetricsOnTheManagementPort() {
        given().when().get(management.toString().replaceAll("/+$", "").replaceAll("/q$", "") + "/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem("kafka"))
                .body("checks.name", hasItem("stages"));
        given().when().get(management.toString().replaceAll("/+$", "").replaceAll("/q$", "") + "/q/health/live").then().statusCode(200);
        given().when().get(management.toString().replaceAll("/+$", "").replaceAll("/q$", "") + "/q/metrics").then().statusCode(200).body(containsString("jvm_memory_used_bytes"));
        given().when().get("/q/health/live").then().statusCode(404);
    }
}
