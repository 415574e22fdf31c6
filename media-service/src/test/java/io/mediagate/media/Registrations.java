package io.mediagate.media;

import static io.restassured.RestAssured.given;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.media.storage.ObjectStore;
import io.mediagate.testing.TestTokens;
import io.quarkus.arc.Arc;
import io.restassured.response.Response;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Registers items the two ways services do: an image sent with its registration (routing), a file by staging key (the pipeline). */
public final class Registrations {
    public static final String SERVICE = TestTokens.bearer("routing-service", "", Set.of("service"));
    private static final ObjectMapper JSON = new ObjectMapper();

    private Registrations() {
    }

    /** Registers {@code content} as image {@code id}, declared as {@code mime}, sent with the registration. */
    public static Response image(String id, String owner, boolean isPublic, String prompt, byte[] content, String mime,
                                 String slug, String provider, int retentionDays) {
        Map<String, Object> body = body(id, owner, isPublic, prompt, content, mime, slug, provider, retentionDays, null, null);
        body.put("price", 0.04); // what routing says one image cost
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(json(body).getBytes(StandardCharsets.UTF_8));
        out.write('\n');
        out.writeBytes(content);
        return given().header("Authorization", SERVICE).contentType(RegisterMedia.WITH_FILE).body(out.toByteArray())
                .when().post("/internal/v1/media/register");
    }

    /** Registers {@code content} as image {@code id} after putting it in a bucket, by its key (as the pipeline does). */
    public static Response staged(String id, String owner, byte[] content, String mime) {
        ObjectStore store = Arc.container().instance(ObjectStore.class).get();
        String key = "staged/" + id + "/image_0." + ContentSniffer.extension(mime);
        store.put(key, mime, content);
        return given().header("Authorization", SERVICE).contentType("application/json")
                .body(json(body(id, owner, true, "staged", content, mime, "local/pattern:2.0", "local", 7, key, store.bucket())))
                .when().post("/internal/v1/media/register");
    }

    private static Map<String, Object> body(String id, String owner, boolean isPublic, String prompt, byte[] content, String mime,
                                            String slug, String provider, int retentionDays, String key, String bucket) {
        String name = "image_0." + ContentSniffer.extension(mime);
        Map<String, Object> file = new HashMap<>(Map.of("name", name, "role", "original", "format", ContentSniffer.extension(mime),
                "size", "64x48", "width", 0, "height", 0, "mime", mime, "bytes", content.length));
        file.put("key", key);
        Map<String, Object> body = new HashMap<>(Map.ofEntries(Map.entry("id", id), Map.entry("ownerId", owner),
                Map.entry("kind", "image"), Map.entry("model", slug.substring(0, slug.indexOf(':'))), Map.entry("modelSlug", slug),
                Map.entry("provider", provider), Map.entry("providerName", "Local renderer"), Map.entry("prompt", prompt),
                Map.entry("size", "64x48"), Map.entry("public", isPublic), Map.entry("retentionDays", retentionDays),
                Map.entry("primary", name), Map.entry("files", List.of(file))));
        body.put("stagingBucket", bucket);
        ContentSniffer.pngDimensions(content).ifPresent(d -> {
            body.put("width", d.width());
            body.put("height", d.height());
        });
        return body;
    }

    private static String json(Object value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
