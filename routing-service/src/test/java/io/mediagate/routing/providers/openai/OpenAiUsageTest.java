package io.mediagate.routing.providers.openai;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.TokenRates;
import io.mediagate.common.catalog.TokenUsage;
import java.math.BigDecimal;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A GPT Image answer's {@code usage}, as OpenAI's SDK types give it, read by kind and charged at the model page's rates. */
class OpenAiUsageTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @SuppressWarnings("unchecked")
    private static Map<String, Object> usage(String json) throws Exception {
        return JSON.readValue(json, Map.class);
    }

    @Test
    void anEditsUsageIsReadByKindAndChargedAsOpenAiPricesIt() throws Exception {
        TokenUsage tokens = OpenAiUsage.tokens(usage("""
                {"input_tokens": 1600, "input_tokens_details": {"image_tokens": 1560, "text_tokens": 40},
                 "output_tokens": 1056, "total_tokens": 2656}"""));
        assertEquals(new TokenUsage(40, 1560, 0, 1056), tokens);
        TokenRates sunburst = new TokenRates(new BigDecimal("5"), new BigDecimal("8"), null, new BigDecimal("30"));
        assertEquals(0, new BigDecimal("0.04436").compareTo(sunburst.cost(tokens)), "(40 x 5 + 1560 x 8 + 1056 x 30) / 1e6");
    }

    @Test
    void anOutputSplitIsKeptAndTextOutputCostsTheOutputRateWhereItHasNoneOfItsOwn() throws Exception {
        TokenUsage tokens = OpenAiUsage.tokens(usage("""
                {"input_tokens": 12, "input_tokens_details": {"image_tokens": 0, "text_tokens": 12},
                 "output_tokens": 4200, "output_tokens_details": {"image_tokens": 4160, "text_tokens": 40}, "total_tokens": 4212}"""));
        assertEquals(new TokenUsage(12, 0, 40, 4160), tokens);
        TokenRates sunburst = new TokenRates(new BigDecimal("5"), new BigDecimal("8"), null, new BigDecimal("30"));
        assertEquals(0, new BigDecimal("0.12606").compareTo(sunburst.cost(tokens)), "12 x 5 + 4200 x 30, in millionths");
    }

    @Test
    void noUsageIsNone() throws Exception {
        assertNull(OpenAiUsage.tokens(null));
        assertNull(OpenAiUsage.tokens(usage("{\"note\": \"none\"}")));
    }
}
