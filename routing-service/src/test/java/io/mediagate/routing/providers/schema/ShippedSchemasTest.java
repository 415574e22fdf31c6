package io.mediagate.routing.providers.schema;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.values.Input;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.conformance.ShippedOffers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every marketplace offer Mediagate ships agrees with its model's checked-in input schema: the offer's features are
 * inputs the model takes, its fixed inputs and clip lengths are values the model allows, an offer open to text-only
 * requests goes to no model that needs an image, every size it is sold at can be asked for, and every input that changes
 * the provider's bill is either set by the adapter or fixed by the offer (its price's assumption stated, never the
 * model's default by accident).
 */
class ShippedSchemasTest {
    /** Inputs each adapter always sets from the request itself. */
    private static final Map<String, Set<String>> MAPPED = Map.of(
            "replicate", Set.of("prompt", "duration", "num_outputs", "aspect_ratio", "width", "height"),
            "fal", Set.of("prompt", "duration", "num_images", "image_size", "aspect_ratio", "upscale_factor"));
    /** Features Mediagate honours itself, never sent as inputs: an upscale's {@code scale} is the size routing fits the result to. */
    private static final Set<String> HONOURED_HERE = Set.of("scale");
    private static final Set<String> IMAGE_FIELDS = Set.of("image", "image_url", "input_image", "first_frame_image", "mask", "mask_url");

    @ParameterizedTest
    @ValueSource(strings = {"replicate", "fal"})
    void everyShippedOfferAgreesWithItsModelsSchema(String adapter) {
        List<String> problems = new ArrayList<>();
        for (ShippedOffers.Shipped shipped : ShippedOffers.at(adapter)) {
            OfferSpec offer = shipped.offer();
            String name = adapter + " " + offer.upstreamModel();
            var found = InputSchemas.of(adapter, offer.upstreamModel());
            if (found.isEmpty()) {
                problems.add(name + ": no schema snapshot (./mediagate catalog sync, or write it from the model's API page)");
                continue;
            }
            InputSchema schema = found.get();
            for (String feature : offer.features() == null ? List.<String>of() : offer.features()) {
                if (!schema.takes(feature) && !HONOURED_HERE.contains(feature)) {
                    problems.add(name + ": feature " + feature + " is no input of the model");
                }
            }
            Map<String, String> options = offer.options() == null ? Map.of() : offer.options();
            options.forEach((option, value) -> {
                if (option.startsWith(Shapes.FIXED_INPUT) && !schema.allows(option.substring(Shapes.FIXED_INPUT.length()), value)) {
                    problems.add(name + ": fixed input " + option + "=" + value + " is not a value the model takes");
                }
            });
            if (options.containsKey("durations")) {
                for (String length : options.get("durations").split(",")) {
                    if (!schema.allows("duration", Integer.parseInt(length.trim()))) {
                        problems.add(name + ": clip length " + length + " is not a duration the model takes");
                    }
                }
            }
            boolean textOnly = offer.inputs() != null && offer.inputs().contains(Input.TEXT);
            for (String required : schema.required()) {
                if (textOnly && IMAGE_FIELDS.contains(required)) {
                    problems.add(name + ": open to text-only requests, but the model needs " + required);
                }
            }
            if ("aspect_ratio".equals(options.get("size")) && "image".equals(shipped.media())) {
                for (String size : shipped.sizes()) {
                    String[] wh = size.split("x");
                    Map<String, Object> input = new java.util.LinkedHashMap<>();
                    if ("replicate".equals(adapter)) {
                        io.mediagate.routing.providers.replicate.ReplicateWire.shape(offer.upstreamModel(), Integer.parseInt(wh[0]),
                                Integer.parseInt(wh[1]), input);
                    } else {
                        input.put("aspect_ratio", Shapes.ratio(Integer.parseInt(wh[0]), Integer.parseInt(wh[1])));
                    }
                    if (!schema.allows("aspect_ratio", input.get("aspect_ratio"))) {
                        problems.add(name + ": size " + size + " of " + shipped.modelId() + " cannot be asked for (" + input + ")");
                    }
                }
            }
            for (String bill : schema.bills()) {
                if (!MAPPED.get(adapter).contains(bill) && !options.containsKey(Shapes.FIXED_INPUT + bill)) {
                    problems.add(name + ": " + bill + " changes the bill; the offer must fix it (options: { input." + bill + ": ... })");
                }
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertFalse(ShippedOffers.at(adapter).isEmpty());
    }
}
