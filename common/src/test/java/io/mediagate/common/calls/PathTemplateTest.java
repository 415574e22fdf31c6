package io.mediagate.common.calls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.catalog.CatalogApi;
import io.mediagate.common.media.MediaApi;
import org.junit.jupiter.api.Test;

/** An internal path is filled in from the template its resource is served at, each value one encoded segment. */
class PathTemplateTest {
    @Test
    void eachValueIsOneSegmentWhateverItHolds() {
        assertEquals("/internal/v1/models/openai%2Fgpt-image-1",
                PathTemplate.expand(CatalogApi.ROOT + "/" + CatalogApi.MODEL, "openai/gpt-image-1"), "a regex variable too");
        assertEquals("/internal/v1/media/med_a%2F..%2Fb%3Fx%3D1%20y/content",
                PathTemplate.expand(MediaApi.ROOT + "/" + MediaApi.CONTENT, "med_a/../b?x=1 y"), "no way out of the segment");
        assertEquals("http://media:8083/v1/media/med_1", PathTemplate.at("http://media:8083/", MediaApi.ITEMS + "/" + MediaApi.ITEM, "med_1").toString());
    }

    @Test
    void aMissingOrSurplusValueIsAMistake() {
        assertThrows(IllegalArgumentException.class, () -> PathTemplate.expand(MediaApi.ROOT + "/" + MediaApi.CONTENT));
        assertThrows(IllegalArgumentException.class, () -> PathTemplate.expand(MediaApi.ROOT + "/" + MediaApi.CONTENT, "a", "b"));
    }
}
