package io.mediagate.common.media;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.common.events.VideoWork;
import java.util.List;

/**
 * The pipeline's request to media-service to keep a finished video: {@code POST /internal/v1/media/videos}.
 * The files are copied from {@code stagingBucket}; {@code primary} names the MP4 the item's {@code url}
 * serves. Idempotent on {@code id}.
 */
public record RegisterVideo(
        String id,
        String ownerId,
        String model,
        String modelSlug,
        String provider,
        String providerName,
        String prompt,
        String size,
        double duration,
        int width,
        int height,
        @JsonProperty("public") boolean isPublic,
        int retentionDays,
        String stagingBucket,
        String primary,
        List<VideoWork.StagedFile> files) {
}
