package io.mediagate.common.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.values.Input;
import io.mediagate.common.values.Size;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanningTest {
    private static ModelSpec video(DurationSpec durations) {
        return new ModelSpec("v/clip", "Clip", "video", null, List.of(), List.of("480p", "720p"), "720p", durations, List.of(Input.TEXT),
                List.of(), List.of(), Instant.EPOCH);
    }

    @Test
    void aModelsBoundsAreCappedAtTheLongestVideoTheApiMakes() {
        Planning.Clip clip = Planning.clip(video(new DurationSpec(2, 60, 10)));
        assertEquals(2, clip.min());
        assertEquals(Planning.MAX_SECONDS, clip.max());
        assertEquals(10, clip.checked(null, "v/clip"));
        ApiException refused = assertThrows(ApiException.class, () -> clip.checked(31.0, "v/clip"));
        assertEquals("duration", refused.param());
        assertEquals("duration must be between 2 and 30 seconds for v/clip", refused.getMessage());
        assertEquals("seconds", assertThrows(ApiException.class, () -> clip.checked(1.0, "v/clip", "seconds")).param());
    }

    @Test
    void aModelWithoutBoundsServesTheDefaultLength() {
        ModelSpec model = video(null);
        assertEquals(Planning.DEFAULT_SECONDS, Planning.seconds(model, null));
        assertEquals(Planning.DEFAULT_SECONDS, Planning.clip(model).checked(null, model.id()));
        assertEquals(7.5, Planning.seconds(model, 7.5));
    }

    @Test
    void theSizeIsTheOneAskedElseTheModelsDefault() {
        ModelSpec model = video(null);
        assertEquals(Size.of("720p"), Planning.size(model, null).orElseThrow());
        assertEquals(Size.of("480p"), Planning.size(model, Size.of("480P")).orElseThrow());
        assertEquals(true, Planning.offers(model, Size.of("480P")));
        assertEquals(false, Planning.offers(model, Size.of("1080p")));
    }
}
