package io.mediagate.routing.ranking;

import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;

/**
 * The basic requirements of CONTRACT.md: the offer serves the model version, takes the size, and
 * takes an image input when the request has {@code image_url}. Returns the first unmet requirement
 * as the request parameter it concerns, or null when the offer is eligible.
 */
public final class Eligibility {
    private Eligibility() {
    }

    public record Need(String version, String size, boolean imageInput, boolean videoInput) {}

    public static String unmet(ModelSpec model, OfferSpec offer, Need need) {
        if (!offer.servesVersion(need.version())) {
            return "model";
        }
        if (need.size() != null && !offer.sizesOr(model.sizes()).contains(need.size())) {
            return "size";
        }
        if (need.imageInput() && !offer.inputsOr(model.inputs()).contains("image")) {
            return "image_url";
        }
        if (need.videoInput() && !offer.inputsOr(model.inputs()).contains("video")) {
            return "video_url";
        }
        return null;
    }
}
