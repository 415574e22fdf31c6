package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * A media item as the public API shows it (seed "Media item" table plus the additions of docs/api-guide.md).
 * {@code modelSlug} and {@code providerName} appear in listings; everything else everywhere. Videos add
 * {@code thumbnail} (poster image), {@code preview} (a strip of frames) and {@code variants}. The result
 * of an image edit or variation names the items it was made from in {@code sources}. {@code price} is what
 * making this one item cost in USD (absent for uploads). {@code provenance}: the Content Credentials its main file carries
 * (absent for items kept before they were read).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MediaItem(
        String id,
        String url,
        String mime,
        String user,
        String media,
        String model,
        String provider,
        String prompt,
        String size,
        @JsonInclude(JsonInclude.Include.ALWAYS) Double duration,
        Instant createdAt,
        String modelSlug,
        String providerName,
        @JsonProperty("public") Boolean isPublic,
        Long bytes,
        Integer width,
        Integer height,
        Instant expiresAt,
        String status,
        @JsonProperty("revised_prompt") String revisedPrompt,
        String thumbnail,
        String preview,
        List<Variant> variants,
        List<String> sources,
        BigDecimal price,
        Provenance provenance) {

    /** One rendition of a video: MP4/H.264 at a size, WebM/VP9, or an HLS playlist. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Variant(String format, String codec, String size, Integer width, Integer height, String mime,
                          String url, long bytes) {}

    /** The generation-response form: listing-only fields left out. */
    public MediaItem forGeneration() {
        return new MediaItem(id, url, mime, user, media, model, provider, prompt, size, duration, createdAt,
                null, null, isPublic, bytes, width, height, expiresAt, status, revisedPrompt, thumbnail, preview, variants, sources, price, provenance);
    }
}
