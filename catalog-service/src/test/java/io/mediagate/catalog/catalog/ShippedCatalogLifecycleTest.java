package io.mediagate.catalog.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.catalog.Lifecycle;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The catalog as shipped (catalog-service/src/main/resources/catalog.yaml, loaded as the service loads it when no file
 * is configured) offers nothing its provider has shut down: on the real date, no offer is past the shutdown day of its
 * lifecycle (its own, or its model's). Such an offer answers nothing; take it out of the file, pointing callers at the
 * replacement.
 */
class ShippedCatalogLifecycleTest {
    @Test
    void noShippedOfferIsPastItsShutdown() {
        Instant now = Instant.now();
        List<String> shut = new ArrayList<>();
        for (ModelSpec model : new Catalog(Optional.empty()).models()) {
            for (OfferSpec offer : model.offers()) {
                Lifecycle life = model.lifecycleOf(offer);
                if (life != null && life.shutAt(now)) {
                    shut.add(model.id() + " at " + offer.provider() + " (shut down on " + life.shutdown() + ", " + life.source() + ")");
                }
            }
        }
        assertEquals(List.of(), shut, "offers of the shipped catalog past their shutdown");
    }
}
