package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * What an image generation delivered, in the fields OpenAI's image answer has: the file format ({@code png}, {@code jpeg},
 * {@code webp}), the quality and background made (as the provider reports them, else as asked and honoured), the size of
 * the first image, and the provider's token {@code usage} where it reports it (OpenAI's object, as given). Null where unknown.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ImageOutput(@JsonProperty("output_format") String outputFormat, String quality, String background, String size,
                          Map<String, Object> usage) {
}
