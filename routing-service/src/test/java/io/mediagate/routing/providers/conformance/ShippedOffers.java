package io.mediagate.routing.providers.conformance;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.testing.RepoPaths;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The offers of the catalog Mediagate ships (catalog-service's {@code catalog.yaml}), so that an adapter's conformance
 * test sends what production sends: the same upstream model and options.
 */
public final class ShippedOffers {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
    private static JsonNode catalog;

    private ShippedOffers() {
    }

    /** The shipped offer of {@code upstreamModel} at provider {@code provider}; fails when the catalog has none. */
    public static synchronized OfferSpec offer(String provider, String upstreamModel) {
        try {
            if (catalog == null) {
                catalog = YAML.readTree(RepoPaths.root().resolve("catalog-service/src/main/resources/catalog.yaml").toFile());
            }
            for (JsonNode model : catalog.path("models")) {
                for (JsonNode offer : model.path("offers")) {
                    if (provider.equals(offer.path("provider").asText()) && upstreamModel.equals(offer.path("upstreamModel").asText())) {
                        return YAML.treeToValue(offer, OfferSpec.class);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("the shipped catalog has no offer of " + upstreamModel + " at " + provider);
    }
}
