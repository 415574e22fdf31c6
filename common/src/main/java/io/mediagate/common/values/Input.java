package io.mediagate.common.values;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * What a model or an offer takes in: a text prompt, an image (an edit's or a video's reference), a mask (an edit may
 * send one), a source video, a video's last frame ({@code last_frame}: it ends on a picture, as it starts on the image), a video's reference pictures
 * ({@code reference}: a subject or style it keeps to, not a frame it shows). On the wire and in the catalog file by its lowercase name; a name this version does not
 * know reads as {@link #UNKNOWN} (the catalog's validation refuses it, naming the model), never as an exception.
 */
public enum Input implements WireName {
    TEXT, IMAGE, MASK, VIDEO, LAST_FRAME, REFERENCE, UNKNOWN;

    /** The input a wire name gives; null for null, {@link #UNKNOWN} for a name this version does not know. */
    @JsonCreator
    public static Input of(String wire) {
        return WireName.read(Input.class, wire, UNKNOWN);
    }
}
