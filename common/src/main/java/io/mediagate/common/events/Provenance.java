package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What a media item's main file carries of Content Credentials (C2PA), as media-service read and validated them when it
 * kept the file: whether it is signed, the validation state ({@code Trusted}: signed by a signer under a trusted CA;
 * {@code Valid}: intact but its signer is not trusted here; {@code Invalid}: changed since it was signed, or its
 * signature does not verify), the signer's certificate subject, the claim generator, the actions of the active
 * manifest in order, the digital source type of its first action that gives one, and its ingredients.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Provenance(boolean signed, String state, String signer, String generator, List<String> actions,
                         String digitalSourceType, List<Ingredient> ingredients) {
    /** An ingredient: what it was called, its media type, how it went into the file ({@code parentOf}, {@code componentOf}, {@code inputTo}). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Ingredient(String title, String format, String relationship) {}
}
