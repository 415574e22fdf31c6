package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;

/** The capability of making videos. Adapters that cannot make videos simply do not implement it. */
public interface VideoGenerator {
    /** Generates one video at {@code provider} or throws {@link ProviderException}. */
    GeneratedVideo generate(ProviderSpec provider, VideoTask task);

    /**
     * Whether this adapter can ask its provider for a video of {@code aspectRatio} ({@code W:H}, as a model's catalog entry lists
     * it): {@code 16:9} alone unless the adapter maps more. Which of them a model makes is its catalog entry's
     * {@code aspectRatios}; routing sends a request only to offers whose adapter makes its ratio.
     */
    default boolean makes(String aspectRatio) {
        return "16:9".equals(aspectRatio);
    }

    /**
     * Whether this adapter can ask its provider for a video that ends on a picture ({@link VideoTask#lastFrame}): none unless
     * it says so. Which models do is their catalog entry's {@code inputs: [last_frame]}; routing sends a last frame only to
     * offers whose adapter takes one.
     */
    default boolean takesLastFrame() {
        return false;
    }

    /**
     * The most reference pictures ({@link VideoTask#references}) this adapter can send its provider with one video: none unless
     * it says so. Which models take them is their catalog entry's {@code inputs: [reference]}; routing sends reference pictures
     * only to offers whose adapter takes that many.
     */
    default int references() {
        return 0;
    }

    /**
     * The utility operations this adapter does to a source video ({@link VideoTask#operation}: {@code upscale} to the task's
     * frame, {@code extend} by the task's seconds): none unless it says so. Named apart from {@code ImageUtilities.operations}:
     * an adapter doing both (fal) says each for its own medium.
     */
    default java.util.Set<String> videoOperations() {
        return java.util.Set.of();
    }
}
