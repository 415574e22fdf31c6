package io.mediagate.gateway.openapi;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ErrorCode;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** The API reference at /v1/openapi.json and /docs: every public route in it, each completed with its failures. */
@QuarkusTest
class ApiDocumentIT {
    private static final Map<Class<? extends Annotation>, String> METHODS = Map.of(GET.class, "get", POST.class, "post",
            PUT.class, "put", PATCH.class, "patch", DELETE.class, "delete");

    private static JsonNode document() throws Exception {
        String body = given().when().get("/v1/openapi.json").then().statusCode(200)
                .contentType(containsString("json")).extract().asString();
        return new ObjectMapper().readTree(body);
    }

    /** Every resource method of the gateway, as "get /v1/media/{id}", found in the compiled classes. */
    private static Set<String> routesInTheCode() throws Exception {
        java.nio.file.Path classes = java.nio.file.Path.of("target", "classes");
        Set<String> routes = new TreeSet<>();
        try (Stream<java.nio.file.Path> files = Files.walk(classes)) {
            for (java.nio.file.Path file : files.filter(f -> f.toString().endsWith(".class")).toList()) {
                String name = classes.relativize(file).toString().replace('/', '.').replaceAll("\\.class$", "");
                Class<?> type = Class.forName(name, false, ApiDocumentIT.class.getClassLoader());
                Path root = type.getAnnotation(Path.class);
                if (root == null) {
                    continue;
                }
                for (Method method : type.getDeclaredMethods()) {
                    for (var http : METHODS.entrySet()) {
                        if (method.isAnnotationPresent(http.getKey())) {
                            Path sub = method.getAnnotation(Path.class);
                            String path = (root.value() + (sub == null ? "" : "/" + sub.value())).replaceAll("/+", "/")
                                    .replaceAll("\\{(\\w+)\\s*:[^}]*}", "{$1}").replaceAll("(.)/$", "$1");
                            routes.add(http.getValue() + " " + path);
                        }
                    }
                }
            }
        }
        return routes;
    }

    @Test
    void everyPublicRouteIsInTheDocument() throws Exception {
        JsonNode paths = document().path("paths");
        Set<String> documented = new TreeSet<>();
        paths.fields().forEachRemaining(p -> p.getValue().fieldNames().forEachRemaining(m -> documented.add(m + " " + p.getKey())));
        Set<String> routes = routesInTheCode();
        assertTrue(routes.size() > 30, "the scan found the resources: " + routes);
        Set<String> missing = new TreeSet<>(routes);
        missing.removeAll(documented);
        assertEquals(Set.of(), missing, "routes the API reference lacks");
    }

    @Test
    void everyOperationHasASummaryTheKeySchemeAndItsFailuresInTheEnvelope() throws Exception {
        JsonNode doc = document();
        assertEquals("Mediagate API", doc.path("info").path("title").asText());
        assertEquals("bearer", doc.path("components").path("securitySchemes").path("apiKey").path("scheme").asText());
        doc.path("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            String where = op.getKey() + " " + path.getKey();
            JsonNode operation = op.getValue();
            assertFalse(operation.path("summary").asText().isBlank(), where + " has no summary");
            assertFalse(operation.path("tags").isEmpty(), where + " has no tag");
            JsonNode responses = operation.path("responses");
            assertTrue(responses.has("404") && responses.has("500") && responses.has("503"), where + ": " + responses);
            if (!path.getKey().startsWith("/files/")) {
                assertEquals("apiKey", operation.path("security").path(0).fieldNames().next(), where);
                assertEquals("#/components/responses/Failure401", responses.path("401").path("$ref").asText(), where);
                assertEquals("#/components/responses/Failure429", responses.path("429").path("$ref").asText(), where);
            }
        }));
        assertTrue(doc.path("paths").path("/v1/images/generations").path("post").path("responses").has("422"));
        for (String generation : List.of("/v1/images/generations", "/v1/images/edits", "/v1/videos/generations", "/v1/videos")) {
            JsonNode post = doc.path("paths").path(generation).path("post");
            assertTrue(post.path("responses").has("402") && post.path("responses").has("409"), generation + ": budgets and idempotency");
            List<String> parameters = new java.util.ArrayList<>();
            post.path("parameters").forEach(p -> parameters.add(p.path("name").asText()));
            assertTrue(parameters.contains("Idempotency-Key"), generation + " " + parameters);
        }
        assertFalse(doc.path("paths").path("/v1/media").path("get").path("responses").has("402"));
        assertTrue(doc.path("paths").path("/v1/media/upload").path("post").path("responses").has("413"));
    }

    @Test
    void everyErrorCodeHasAnExampleUnderItsStatus() throws Exception {
        JsonNode responses = document().path("components").path("responses");
        for (ErrorCode code : ErrorCode.values()) {
            JsonNode example = responses.path("Failure" + code.status()).path("content").path("application/json")
                    .path("examples").path(code.code()).path("value");
            assertEquals(code.code(), example.path("code").asText(), code + " in " + responses.path("Failure" + code.status()));
            assertEquals(code.code(), example.path("error").path("code").asText());
            assertFalse(example.path("success").asBoolean(true));
        }
        JsonNode limited = responses.path("Failure429").path("content").path("application/json")
                .path("examples").path("rate_limit_exceeded").path("value");
        assertTrue(limited.has("retry_after") && limited.has("limit"), limited.toString());
    }

    @Test
    void theGenerationsDocumentTheirBodiesWithExamplesAndTheirAnswers() throws Exception {
        JsonNode paths = document().path("paths");
        JsonNode images = paths.path("/v1/images/generations").path("post");
        JsonNode body = images.path("requestBody").path("content");
        assertEquals(Set.of("application/json"), Set.copyOf(iterate(body.fieldNames())));
        assertEquals("local/pattern", body.path("application/json").path("examples").path("simple").path("value").path("model").asText());
        assertEquals("#/components/schemas/Generation",
                images.path("responses").path("200").path("content").path("application/json").path("schema").path("$ref").asText());
        assertEquals("#/components/schemas/JobAnswer", paths.path("/v1/videos/generations").path("post").path("responses")
                .path("202").path("content").path("application/json").path("schema").path("$ref").asText());
        assertTrue(paths.path("/v1/images/variations").path("post").path("description").asText().contains("whose model takes an image"),
                "the reference says what makes variations now that OpenAI does not");
        Set<String> mediaFilters = new TreeSet<>();
        paths.path("/v1/media").path("get").path("parameters").forEach(p -> mediaFilters.add(p.path("name").asText(p.path("$ref").asText())));
        assertTrue(mediaFilters.containsAll(Set.of("user", "media", "model", "provider", "size", "search", "sort")), mediaFilters.toString());
    }

    private static <T> List<T> iterate(java.util.Iterator<T> items) {
        List<T> out = new java.util.ArrayList<>();
        items.forEachRemaining(out::add);
        return out;
    }

    @Test
    void theDocumentIsAlsoYamlAndTheDocsPageBrowsesItOffline() {
        given().when().get("/v1/openapi").then().statusCode(200).body(containsString("openapi: 3."));
        String page = given().when().get("/docs/").then().statusCode(200).contentType(containsString("html")).extract().asString();
        assertTrue(page.contains("swagger-ui"), page);
        assertFalse(page.matches("(?s).*(src|href)=\"https?://.*"), "the viewer loads nothing from another site");
    }
}
