package io.mediagate.routing.adapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.SourceImage;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** An adapter is registered once, for each capability its code implements. */
class AdaptersTest {
    private static final ImageGenerator TEXT_ONLY = (provider, task) -> List.of();

    private static final class EditsToo implements ImageGenerator, ImageEditor {
        public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
            return List.of();
        }

        public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
            return List.of();
        }
    }

    @Test
    void anAdapterServesExactlyWhatItsCodeImplements() {
        Adapters adapters = new Adapters(List.of(new Adapters.Entry("plain", TEXT_ONLY), new Adapters.Entry("editing", new EditsToo())));
        assertTrue(adapters.images("plain").isPresent());
        assertTrue(adapters.editors("plain").isEmpty(), "no edit endpoint: never routed an edit");
        assertTrue(adapters.editors("editing").isPresent());
        assertTrue(adapters.videos("editing").isEmpty());
        assertEquals(Set.of("plain", "editing"), adapters.names());
    }

    @Test
    void twoCodesForOneCapabilityUnderOneNameAreRefused() {
        assertThrows(IllegalStateException.class, () -> new Adapters(List.of(new Adapters.Entry("x", TEXT_ONLY),
                new Adapters.Entry("x", new EditsToo()))));
    }
}
