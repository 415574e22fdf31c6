package io.mediagate.routing.ranking;

import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.values.Input;

/**
 * The basic requirements of a request: the offer serves the model version, takes the size, makes a clip at least
 * as long as the video's duration (offers with fixed clip lengths), works from text alone when the request brings
 * no image or video (an offer whose inputs lack {@code text} is an image-to-image endpoint), takes an image
 * input when the request has one ({@code image_url} of a video, the files of an image edit or variation),
 * a video input for a video variation, a mask when an edit sends one, a last frame when a video asks to end on one and reference pictures when a
 * video keeps to some ({@code references}: how many). Returns the first unmet requirement
 * as the request parameter it concerns, or null when the offer is eligible.
 */
public final class Eligibility {
    private Eligibility() {
    }

    /**
     * {@code seconds}: a video's duration (null for images); {@code imageParam} names the request's image input
     * ({@code image_url}, or {@code image} for edits), null without one; {@code quality}: an image's requested quality where the
     * offers price by it (null: none, or left to the provider), which sets the price compared, not eligibility.
     */
    public record Need(String version, String size, Double seconds, String imageParam, boolean videoInput, boolean mask, int inputImages,
                       String quality, boolean lastFrame, int references) {
        public Need(String version, String size, Double seconds, String imageParam, boolean videoInput, boolean mask, int inputImages,
                    String quality, boolean lastFrame) {
            this(version, size, seconds, imageParam, videoInput, mask, inputImages, quality, lastFrame, 0);
        }

        public Need(String version, String size, Double seconds, String imageParam, boolean videoInput, boolean mask, int inputImages,
                    String quality) {
            this(version, size, seconds, imageParam, videoInput, mask, inputImages, quality, false);
        }

        public Need(String version, String size, Double seconds, String imageParam, boolean videoInput, boolean mask, int inputImages) {
            this(version, size, seconds, imageParam, videoInput, mask, inputImages, null);
        }

        /** A need with no input images counted (a generation, or a video's reference). */
        public Need(String version, String size, Double seconds, String imageParam, boolean videoInput, boolean mask) {
            this(version, size, seconds, imageParam, videoInput, mask, 0);
        }

        public static Need of(String version, String size) {
            return new Need(version, size, null, null, false, false);
        }
    }

    public static String unmet(ModelSpec model, OfferSpec offer, Need need) {
        if (!offer.servesVersion(need.version())) {
            return "model";
        }
        if (need.size() != null && !offer.sizesOr(model.sizes()).contains(need.size())) {
            return "size";
        }
        if (need.seconds() != null && !offer.lengths().isEmpty() && offer.secondsFor(need.seconds()) < need.seconds() - 1e-9) {
            return "duration";
        }
        if (need.imageParam() == null && !need.videoInput() && !offer.inputsOr(model.inputs()).contains(Input.TEXT)) {
            return "image";
        }
        if (need.imageParam() != null && !offer.inputsOr(model.inputs()).contains(Input.IMAGE)) {
            return need.imageParam();
        }
        if (need.mask() && !offer.inputsOr(model.inputs()).contains(Input.MASK)) {
            return "mask";
        }
        if (need.videoInput() && !offer.inputsOr(model.inputs()).contains(Input.VIDEO)) {
            return "video_url";
        }
        if (need.lastFrame() && !offer.inputsOr(model.inputs()).contains(Input.LAST_FRAME)) {
            return "last_frame_url";
        }
        if (need.references() > 0 && !offer.inputsOr(model.inputs()).contains(Input.REFERENCE)) {
            return "reference_image_urls";
        }
        return null;
    }
}
