package io.mediagate.common.media;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Routing's request to media-service to keep a generated file: {@code POST /internal/v1/media}.
 * {@code id} makes it idempotent (a repeated store returns the first record). {@code content} is base64.
 */
public record StoreMedia(
        String id,
        String ownerId,
        String kind,
        String mime,
        String model,
        String modelSlug,
        String provider,
        String providerName,
        String prompt,
        String revisedPrompt,
        String size,
        Double duration,
        @JsonProperty("public") boolean isPublic,
        int retentionDays,
        String content) {
}
