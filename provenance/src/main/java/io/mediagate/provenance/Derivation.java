package io.mediagate.provenance;

import io.mediagate.provenance.manifest.Ingredient;
import java.util.List;

/**
 * How a file was made from others: {@code action} done to {@code parent} (opened first), {@code inputs} its further
 * inputs (an edit's other images and mask), and the digital source type the action gives, if any.
 */
public record Derivation(String action, Ingredient parent, List<Ingredient> inputs, String digitalSourceType) {
    public static final String COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA =
            "http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia";

    public Derivation {
        inputs = List.copyOf(inputs);
    }

    /** Re-encoded at another size or bitrate: another rendition of the parent. */
    public static Derivation transcoded(Ingredient parent) {
        return new Derivation("c2pa.transcoded", parent, List.of(), null);
    }

    /** Made another format: a still of a video, an image in the format asked for. */
    public static Derivation converted(Ingredient parent) {
        return new Derivation("c2pa.converted", parent, List.of(), null);
    }

    /** Made larger by a model (an upscale): the parent at another size, its pixels made by the model. */
    public static Derivation resized(Ingredient parent) {
        return new Derivation("c2pa.resized", parent, List.of(), COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA);
    }

    /** Edited by a trained model from the parent and {@code inputs}: an image edit or variation. */
    public static Derivation edited(Ingredient parent, List<Ingredient> inputs) {
        return new Derivation("c2pa.edited", parent, inputs, COMPOSITE_WITH_TRAINED_ALGORITHMIC_MEDIA);
    }
}
