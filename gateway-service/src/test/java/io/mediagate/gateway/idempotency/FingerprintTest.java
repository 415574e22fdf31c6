package io.mediagate.gateway.idempotency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class FingerprintTest {
    private final ObjectMapper json = new ObjectMapper();

    private String of(String endpoint, String body) throws Exception {
        return Fingerprint.of(endpoint).fields(json.readTree(body)).hex();
    }

    private String withFile(String fields, String content) throws Exception {
        return Fingerprint.of("POST /v1/images/edits").fields(json.readTree(fields))
                .file("image", new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8))).hex();
    }

    @Test
    void theSameRequestWrittenDifferentlyIsTheSame() throws Exception {
        assertEquals(of("POST /v1/images/generations", "{\"model\":\"a/b\",\"prompt\":\"x\",\"n\":2}"),
                of("POST /v1/images/generations", " {\n \"n\": 2, \"prompt\" : \"x\", \"model\":\"a/b\"}"));
    }

    @Test
    void anotherValueEndpointOrFileIsAnotherRequest() throws Exception {
        String base = of("POST /v1/images/generations", "{\"model\":\"a/b\",\"prompt\":\"x\"}");
        assertNotEquals(base, of("POST /v1/images/generations", "{\"model\":\"a/b\",\"prompt\":\"y\"}"));
        assertNotEquals(base, of("POST /v1/videos/generations", "{\"model\":\"a/b\",\"prompt\":\"x\"}"));
        assertNotEquals(base, of("POST /v1/images/generations", "{\"model\":\"a/b\",\"prompt\":\"x\",\"n\":1}"));
        // "ab" + "" and "a" + "b" must not collide: values are length-prefixed.
        assertNotEquals(of("POST /x", "{\"ab\":\"\"}"), of("POST /x", "{\"a\":\"b\"}"));
        assertNotEquals(withFile("{\"prompt\":\"x\"}", "one image"), withFile("{\"prompt\":\"x\"}", "another image"));
        assertEquals(withFile("{\"prompt\":\"x\"}", "one image"), withFile("{\"prompt\":\"x\"}", "one image"));
    }
}
