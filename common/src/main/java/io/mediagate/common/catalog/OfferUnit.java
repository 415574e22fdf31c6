package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.mediagate.common.values.WireName;

/**
 * What an offer's price is per: each image made, or each second of video its provider is asked for. On the wire and in
 * the catalog file by its lowercase name; a name this version does not know reads as {@link #UNKNOWN} (the catalog's
 * validation refuses it, naming the offer), never as an exception.
 */
public enum OfferUnit implements WireName {
    IMAGE, SECOND, UNKNOWN;

    /** The unit a wire name gives; null for null, {@link #UNKNOWN} for a name this version does not know. */
    @JsonCreator
    public static OfferUnit of(String wire) {
        return WireName.read(OfferUnit.class, wire, UNKNOWN);
    }
}
