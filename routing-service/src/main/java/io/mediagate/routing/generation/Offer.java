package io.mediagate.routing.generation;

import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ProviderSpec;
import java.math.BigDecimal;
import java.util.List;

/** A candidate for serving a request: an offer with its provider. */
record Offer(OfferSpec spec, ProviderSpec provider) {
    BigDecimal price() {
        return spec.price();
    }

    List<String> features() {
        return spec.features() == null ? List.of() : spec.features();
    }
}
