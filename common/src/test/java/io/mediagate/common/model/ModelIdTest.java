package io.mediagate.common.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ApiException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ModelIdTest {
    @Test
    void parsesBaseModelAndOptionalVersion() {
        ModelId id = ModelId.parse("OpenAI/GPT-Image-1:2025-04", "model");
        assertEquals("openai", id.base());
        assertEquals("gpt-image-1", id.name());
        assertEquals(Optional.of("2025-04"), id.version());
        assertEquals("openai/gpt-image-1", id.id());
        assertEquals("openai/gpt-image-1:v2", id.slug("v2"));
    }

    @Test
    void versionIsOptional() {
        assertTrue(ModelId.parse("local/pattern", "model").version().isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "pattern", "/pattern", "local/", "local/pattern:", "a/b/c", "local pattern/x"})
    void malformedIdsAreRejectedNamingTheField(String raw) {
        ApiException e = assertThrows(ApiException.class, () -> ModelId.parse(raw, "model"));
        assertEquals("model", e.param());
    }
}
