package io.mediagate.routing.providers.gemini;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.TokenUsage;
import org.junit.jupiter.api.Test;

/** A {@code generateContent} answer's {@code usageMetadata}, as Google's SDK types give it, read by kind. */
class GeminiUsageTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void promptAndCandidatesAreSplitByModalityAndThinkingIsOutput() throws Exception {
        TokenUsage tokens = GeminiUsage.tokens(JSON.readTree("""
                {"promptTokenCount": 1310, "candidatesTokenCount": 1130, "thoughtsTokenCount": 200, "totalTokenCount": 2640,
                 "promptTokensDetails": [{"modality": "TEXT", "tokenCount": 20}, {"modality": "IMAGE", "tokenCount": 1290}],
                 "candidatesTokensDetails": [{"modality": "IMAGE", "tokenCount": 1120}, {"modality": "TEXT", "tokenCount": 10}]}"""));
        assertEquals(new TokenUsage(20, 1290, 210, 1120), tokens);
    }

    @Test
    void withoutDetailsThePromptIsTextAndTheCandidatesImages() throws Exception {
        assertEquals(new TokenUsage(15, 0, 0, 1120), GeminiUsage.tokens(JSON.readTree("{\"promptTokenCount\": 15, \"candidatesTokenCount\": 1120}")));
        assertNull(GeminiUsage.tokens(JSON.readTree("{}")));
        assertNull(GeminiUsage.tokens(null));
    }
}
