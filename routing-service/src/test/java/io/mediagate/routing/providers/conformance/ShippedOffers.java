package io.mediagate.routing.providers.conformance;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.values.Input;
import io.mediagate.testing.RepoPaths;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The offers of the catalog Mediagate ships (catalog-service's {@code catalog.yaml}), so that an adapter's conformance
 * test sends what production sends: the same upstream model and options.
 */
public final class ShippedOffers {
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory())
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .registerModule(new com.fasterxml.jackson.datatype.jsr310.JavaTimeModule()); // an offer's source is dated
    private static JsonNode catalog;

    private ShippedOffers() {
    }

    private static synchronized JsonNode catalog() throws IOException {
        if (catalog == null) {
            catalog = YAML.readTree(RepoPaths.root().resolve("catalog-service/src/main/resources/catalog.yaml").toFile());
        }
        return catalog;
    }

    /** The sizes the shipped catalog offers model {@code modelId} at. */
    public static List<String> sizes(String modelId) {
        try {
            for (JsonNode model : catalog().path("models")) {
                if (modelId.equals(model.path("id").asText())) {
                    return YAML.convertValue(model.path("sizes"), new TypeReference<List<String>>() { });
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        throw new IllegalStateException("the shipped catalog has no model " + modelId);
    }

    /**
     * A shipped offer with its model's id, the sizes it is made at (the offer's own, else its model's) and, for a video model,
     * the aspect ratios it makes (16:9 when it lists none), and the inputs it takes (the offer's own, else its model's).
     */
    public record Shipped(String modelId, String media, List<String> sizes, OfferSpec offer, List<String> aspectRatios,
                          List<Input> inputs) {}

    /** Every shipped offer at provider {@code provider}. */
    public static List<Shipped> at(String provider) {
        try {
            List<Shipped> shipped = new java.util.ArrayList<>();
            for (JsonNode model : catalog().path("models")) {
                for (JsonNode node : model.path("offers")) {
                    if (provider.equals(node.path("provider").asText())) {
                        OfferSpec offer = YAML.treeToValue(node, OfferSpec.class);
                        List<String> sizes = offer.sizes() != null && !offer.sizes().isEmpty() ? offer.sizes()
                                : YAML.convertValue(model.path("sizes"), new TypeReference<List<String>>() { });
                        List<String> ratios = model.has("aspectRatios")
                                ? YAML.convertValue(model.path("aspectRatios"), new TypeReference<List<String>>() { }) : List.of("16:9");
                        List<Input> inputs = offer.inputs() != null && !offer.inputs().isEmpty() ? offer.inputs()
                                : YAML.convertValue(model.path("inputs"), new TypeReference<List<Input>>() { });
                        shipped.add(new Shipped(model.path("id").asText(), model.path("media").asText(), sizes, offer, ratios, inputs));
                    }
                }
            }
            return shipped;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Every shipped offer at a provider whose adapter is {@code adapter}: a fake that answers the ids its provider no
     * longer serves as the provider does fails a test the day such an offer ships.
     */
    public static List<Shipped> ofAdapter(String adapter) {
        try {
            List<Shipped> shipped = new java.util.ArrayList<>();
            for (JsonNode provider : catalog().path("providers")) {
                if (adapter.equals(provider.path("adapter").asText())) {
                    shipped.addAll(at(provider.path("id").asText()));
                }
            }
            return shipped;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The shipped offer of {@code upstreamModel} at provider {@code provider}; fails when the catalog has none. */
    public static OfferSpec offer(String provider, String upstreamModel) {
        try {
            for (JsonNode model : catalog().path("models")) {
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
