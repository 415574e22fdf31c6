package io.mediagate.gateway.batches;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.ImageSources;
import java.util.List;
import org.junit.jupiter.api.Test;

/** An edit line's images, named by URL or media id, and the 400 that names a reference that is neither. */
class EditLineSourcesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode body(String json) throws Exception {
        return (ObjectNode) JSON.readTree(json);
    }

    @Test
    void imagesAndMaskByUrlOrMediaIdAreTakenOutOfTheBodyInOrder() throws Exception {
        ObjectNode fields = body("""
                {"prompt": "a red hat", "images": [{"image_url": "https://example.com/a.png"}, {"file_id": "med_0123456789ab"}],
                 "mask": {"file_id": "med_mask56789ab"}, "quality": "low"}""");
        ImageSources sources = EditLineSources.take(fields);
        assertEquals(ImageSources.EDIT, sources.operation());
        assertEquals(List.of("https://example.com/a.png", "med_0123456789ab"), sources.images());
        assertEquals("med_mask56789ab", sources.mask());
        assertFalse(fields.has("images"));
        assertFalse(fields.has("mask"));
        assertTrue(fields.has("quality"), "the rest is checked as a synchronous edit's fields");
        assertNull(EditLineSources.take(body("{\"images\": [{\"file_id\": \"med_0123456789ab\"}], \"mask\": null}")).mask());
    }

    @Test
    void aMissingOrMalformedReferenceIsRefusedNamingIt() throws Exception {
        List<List<String>> cases = List.of(
                List.of("{\"prompt\": \"x\"}", "images"),
                List.of("{\"images\": []}", "images"),
                List.of("{\"images\": \"https://example.com/a.png\"}", "images"),
                List.of("{\"image\": \"https://example.com/a.png\", \"images\": [{\"file_id\": \"med_0123456789ab\"}]}", "image"),
                List.of("{\"images\": [{\"file_id\": \"med_0123456789ab\"}, {\"url\": \"https://example.com\"}]}", "images[1]"),
                List.of("{\"images\": [{\"file_id\": \"med_0123456789ab\", \"image_url\": \"https://example.com/a.png\"}]}", "images[0]"),
                List.of("{\"images\": [{\"file_id\": \"file-abc\"}]}", "images[0].file_id"),
                List.of("{\"images\": [{\"image_url\": \"data:image/png;base64,iVBORw0KGgo=\"}]}", "images[0].image_url"),
                List.of("{\"images\": [{\"image_url\": \"ftp://example.com/a.png\"}]}", "images[0].image_url"),
                List.of("{\"images\": [{\"image_url\": 7}]}", "images[0].image_url"),
                List.of("{\"images\": [{\"file_id\": \"med_0123456789ab\"}], \"mask\": \"https://example.com/m.png\"}", "mask"));
        for (List<String> c : cases) {
            ApiException e = assertThrows(ApiException.class, () -> EditLineSources.take(body(c.get(0))), c.get(0));
            assertEquals(c.get(1), e.param(), c.get(0) + ": " + e.getMessage());
            assertEquals(400, e.code().status());
        }
        StringBuilder many = new StringBuilder("{\"images\": [");
        for (int i = 0; i < 17; i++) {
            many.append(i == 0 ? "" : ",").append("{\"file_id\": \"med_0123456789ab\"}");
        }
        ApiException tooMany = assertThrows(ApiException.class, () -> EditLineSources.take(body(many + "]}")));
        assertTrue(tooMany.getMessage().contains("at most 16"), tooMany.getMessage());
    }
}
