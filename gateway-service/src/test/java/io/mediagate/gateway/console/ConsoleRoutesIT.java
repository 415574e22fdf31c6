package io.mediagate.gateway.console;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.quarkus.test.junit.QuarkusTest;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
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
    void thePageIsRevalidatedAndAllowsOnlyItsOwnScripts() throws Exception {
        var response = given().when().get("/console/").then().statusCode(200)
                .header("Cache-Control", "no-cache")
                .header("Content-Security-Policy", containsString("object-src 'none'"))
                .header("X-Content-Type-Options", "nosniff")
                .extract();
        // A browser runs the inline import map only if the policy names its exact hash; without it no module loads.
        Matcher map = Pattern.compile("<script type=\"importmap\">(.*?)</script>").matcher(response.asString());
        assertTrue(map.find(), "the page has an import map");
        String hash = Base64.getEncoder().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(map.group(1).getBytes(StandardCharsets.UTF_8)));
        assertTrue(response.header("Content-Security-Policy").contains("script-src 'self' 'sha256-" + hash + "'"),
                response.header("Content-Security-Policy"));
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
