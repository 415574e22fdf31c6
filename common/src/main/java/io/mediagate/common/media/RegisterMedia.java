package io.mediagate.common.media;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.common.events.MediaKind;
import io.mediagate.common.events.VideoWork;
import java.math.BigDecimal;
import java.util.List;

/**
 * The one way a generated item is kept, image or video: {@code POST /internal/v1/media/register} to
 * media-service, which puts the files in the media bucket and records the item. A file with a {@code key}
 * waits in {@code stagingBucket} and is copied there (the video pipeline's renditions); the primary file may
 * instead come with the registration, in a {@value #WITH_FILE} body (routing's generated images: one
 * request, one write). {@code primary} names the file the item's {@code url} serves (an image; for a video
 * its MP4); a video's other files become its variants, thumbnail and preview. Idempotent on {@code id}.
 * {@code width}, {@code height} and {@code duration} are null where unknown or not applicable; {@code sources}
 * names the media an edited or varied image was made from (null otherwise); {@code price} is what the item
 * cost in USD (null for uploads and edit sources).
 */
public record RegisterMedia(
        String id,
        String ownerId,
        MediaKind kind,
        String model,
        String modelSlug,
        String provider,
        String providerName,
        String prompt,
        String revisedPrompt,
        String size,
        Double duration,
        Integer width,
        Integer height,
        @JsonProperty("public") boolean isPublic,
        int retentionDays,
        String stagingBucket,
        String primary,
        List<VideoWork.StagedFile> files,
        List<String> sources,
        BigDecimal price) {

    /** A registration followed by its primary file: one line of JSON, a newline ({@code \n}), the file's bytes. */
    public static final String WITH_FILE = "application/x-mediagate-file";
}
