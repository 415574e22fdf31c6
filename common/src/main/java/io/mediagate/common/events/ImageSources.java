package io.mediagate.common.events;

import java.util.List;

/**
 * The source images of an image edit or variation (or a video's reference image), kept beforehand as the caller's private media items
 * (so a redelivered job finds them again and a result can name them): {@code images} in the order sent,
 * and for an edit an optional {@code mask} (alpha 0 marks the area to change; it applies to the first image).
 */
public record ImageSources(String operation, List<String> images, String mask) {
    public static final String EDIT = "edit";
    public static final String VARIATION = "variation";
    /** A video's reference image (OpenAI's {@code input_reference} sent as a file). */
    public static final String REFERENCE = "reference";
    /**
     * An image generation's reference pictures ({@code reference_image_urls}: URLs or media ids), made by an edit of the
     * model's (its provider's endpoint that takes pictures with a prompt), no mask.
     */
    public static final String REFERENCES = "references";

    /** An upscale of one picture ({@code POST /v1/images/upscale}). */
    public static final String UPSCALE = "upscale";
    /** A picture's subject cut out of its background, on transparency ({@code POST /v1/images/remove-background}). */
    public static final String REMOVE_BACKGROUND = "remove-background";
    /** The operations a utility model does (its catalog {@code operation}), each with an endpoint of its own. */
    public static final java.util.Set<String> UTILITIES = java.util.Set.of(UPSCALE, REMOVE_BACKGROUND);

    /** Whether this is a utility operation's one picture ({@link #UTILITIES}): made by a utility model, not an edit. */
    public boolean utility() {
        return UTILITIES.contains(operation);
    }

    public boolean variation() {
        return VARIATION.equals(operation);
    }

    /** Whether these are an image generation's reference pictures ({@link #REFERENCES}). */
    public boolean references() {
        return REFERENCES.equals(operation);
    }

    /**
     * The request field that named image {@code i}: {@code reference_image_urls[i]}, a utility's {@code image_url}, else an
     * edit's {@code images[i]}.
     */
    public String imageParam(int i) {
        if (utility()) {
            return "image_url";
        }
        return (references() ? "reference_image_urls" : "images") + "[" + i + "]";
    }
}
