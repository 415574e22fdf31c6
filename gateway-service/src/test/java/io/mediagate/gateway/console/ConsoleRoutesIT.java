package io.mediagate.gateway.console;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

@QuarkusTest
class ConsoleRoutesIT {
    private static final Pattern ASSET = Pattern.compile("/console/assets/([a-z]+\\.[0-9a-f]{10}\\.(?:js|css))");

    @Test
    void theRootAndTheBarePathLeadToTheConsole() {
        given().redirects().follow(false).when().get("/").then().statusCode(302).header("Location", "/console/");
        given().redirects().follow(false).when().get("/console").then().statusCode(302).header("Location", "/console/");
    }

    @Test
    void thePageIsRevalidatedAndAllowsOnlyItsOwnScripts() {
        given().when().get("/console/").then().statusCode(200)
                .header("Cache-Control", "no-cache")
                .header("Content-Security-Policy", containsString("script-src 'self' 'sha256-"))
                .header("Content-Security-Policy", containsString("object-src 'none'"))
                .header("X-Content-Type-Options", "nosniff")
                .body(containsString("<script type=\"importmap\">"));
    }

    @Test
    void everyAssetThePageNamesIsServedImmutableUnderItsHash() {
        String page = given().when().get("/console/").then().statusCode(200).extract().asString();
        List<String> assets = new ArrayList<>();
        Matcher m = ASSET.matcher(page);
        while (m.find()) {
            assets.add(m.group(1));
        }
        // the stylesheet, both vendor libraries and every module (named in the import map, the app twice)
        assertTrue(assets.size() >= ConsoleAssets.MODULES.size() + 3, "assets named: " + assets);
        for (String name : assets) {
            given().when().get("/console/assets/" + name).then().statusCode(200)
                    .header("Cache-Control", "public, max-age=31536000, immutable")
                    .header("Content-Type", containsString(name.endsWith(".css") ? "text/css" : "text/javascript"));
        }
        assertEquals(1, assets.stream().filter(a -> a.startsWith("chart.")).distinct().count());
        given().when().get("/console/assets/app.0000000000.js").then().statusCode(404).body("code", equalTo("not_found"));
    }
}
