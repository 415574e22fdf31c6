package io.mediagate.gateway.images;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.ImageOptions.Background;
import io.mediagate.common.events.ImageOptions.Fidelity;
import io.mediagate.common.events.ImageOptions.Format;
import io.mediagate.common.events.ImageOptions.Moderation;
import io.mediagate.common.events.ImageOptions.Quality;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.gateway.support.JsonBody;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The GPT image parameters as OpenAI's reference defines them: every value read, every bad value or combination refused by name. */
class ImageOptionFieldsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ImageOptions read(String body, boolean edit) {
        return ImageOptionFields.read(JsonBody.parse(JSON, body), edit);
    }

    private static void refused(String body, boolean edit, String param) {
        ApiException e = assertThrows(ApiException.class, () -> read(body, edit), body);
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
        assertEquals(param, e.param(), body);
    }

    @Test
    void everyParameterIsRead() {
        assertEquals(new ImageOptions(Quality.HIGH, Format.WEBP, 50, Background.TRANSPARENT, Moderation.LOW, Fidelity.HIGH),
                read("{\"quality\":\"high\",\"output_format\":\"webp\",\"output_compression\":50,\"background\":\"transparent\","
                        + "\"moderation\":\"low\",\"input_fidelity\":\"high\"}", true));
        assertEquals(ImageOptions.NONE, read("{\"prompt\":\"p\",\"quality\":null}", false), "null is as if not sent");
    }

    @Test
    void onlyWhatOnlyAProviderCanDoIsRequired() {
        assertEquals(Set.of("quality", "background", "moderation", "input_fidelity"),
                read("{\"quality\":\"low\",\"output_format\":\"png\",\"background\":\"transparent\",\"moderation\":\"low\","
                        + "\"input_fidelity\":\"high\"}", true).mustHonour());
        assertEquals(Set.of(), read("{\"quality\":\"auto\",\"background\":\"opaque\",\"moderation\":\"auto\",\"input_fidelity\":\"low\","
                + "\"output_format\":\"jpeg\",\"output_compression\":20}", true).mustHonour(), "defaults and conversions ask nothing of a provider");
    }

    @Test
    void valuesOutsideOpenAisEnumerationsAreRefusedByName() {
        refused("{\"quality\":\"ultra\"}", false, "quality");
        refused("{\"quality\":\"hd\"}", false, "quality");
        refused("{\"output_format\":\"gif\"}", false, "output_format");
        refused("{\"background\":\"clear\"}", false, "background");
        refused("{\"moderation\":\"none\"}", false, "moderation");
        refused("{\"input_fidelity\":\"max\"}", true, "input_fidelity");
        refused("{\"quality\":3}", false, "quality");
        refused("{\"output_compression\":\"50\"}", false, "output_compression");
    }

    @Test
    void combinationsOpenAiRefusesAreRefused() {
        refused("{\"output_format\":\"jpeg\",\"output_compression\":101}", false, "output_compression");
        refused("{\"output_format\":\"webp\",\"output_compression\":-1}", false, "output_compression");
        refused("{\"output_compression\":50}", false, "output_compression");
        refused("{\"output_format\":\"png\",\"output_compression\":50}", false, "output_compression");
        refused("{\"output_format\":\"jpeg\",\"background\":\"transparent\"}", false, "background");
        refused("{\"input_fidelity\":\"high\"}", false, "input_fidelity");
    }
}
