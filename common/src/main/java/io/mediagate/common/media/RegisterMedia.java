package io.mediagate.common.media;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.common.events.MadeBy;
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
 * cost in USD (null for uploads and edit sources). Made by name through {@link #image}, {@link #video} and
 * {@link #upload}. A video may be kept in parts as its files land: a {@code partial} registration keeps the files named
 * (the main MP4 first, so the item plays while the rest is made) and leaves the item {@code processing}, seen by its
 * owner alone; later registrations of the same id add the files not kept yet, and the first that is not partial makes
 * the item {@code ready}.
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
        BigDecimal price,
        boolean partial) {

    /** A registration followed by its primary file: one line of JSON, a newline ({@code \n}), the file's bytes. */
    public static final String WITH_FILE = "application/x-mediagate-file";

    /** Whose item it is and how it is kept: its id, its owner, whether anyone may see it, for how many days. */
    public record Keeping(String id, String ownerId, boolean isPublic, int retentionDays) {}

    /** An item's size label, its length in seconds (a video) and its pixels, each null where unknown. */
    public record Shape(String size, Double duration, Integer width, Integer height) {}

    /** A generated image whose one file is sent with the registration; {@code sources}: what an edit was made from. */
    public static RegisterMedia image(Keeping keep, MadeBy made, Shape shape, VideoWork.StagedFile file, List<String> sources) {
        return new RegisterMedia(keep.id(), keep.ownerId(), MediaKind.IMAGE, made.model(), made.modelSlug(), made.provider(),
                made.providerName(), made.prompt(), made.revisedPrompt(), shape.size(), null, shape.width(), shape.height(),
                keep.isPublic(), keep.retentionDays(), null, file.name(), List.of(file), sources, made.price(), false);
    }

    /** A generated video whose renditions wait in {@code stagingBucket}; {@code primary} names its MP4. */
    public static RegisterMedia video(Keeping keep, MadeBy made, Shape shape, String stagingBucket, String primary,
                                      List<VideoWork.StagedFile> files) {
        return new RegisterMedia(keep.id(), keep.ownerId(), MediaKind.VIDEO, made.model(), made.modelSlug(), made.provider(),
                made.providerName(), made.prompt(), made.revisedPrompt(), shape.size(), shape.duration(), shape.width(), shape.height(),
                keep.isPublic(), keep.retentionDays(), stagingBucket, primary, files, null, made.price(), false);
    }

    /** This registration as a part: its files are kept, the item stays {@code processing} until one that is not. */
    public RegisterMedia asPart() {
        return new RegisterMedia(id, ownerId, kind, model, modelSlug, provider, providerName, prompt, revisedPrompt, size, duration,
                width, height, isPublic, retentionDays, stagingBucket, primary, files, sources, price, true);
    }

    /** An image a caller sent (an edit's source, a mask, a video's reference), sent with the registration: made by no model, costing nothing. */
    public static RegisterMedia upload(Keeping keep, Shape shape, VideoWork.StagedFile file) {
        return new RegisterMedia(keep.id(), keep.ownerId(), MediaKind.IMAGE, null, null, null, null, null, null, shape.size(), null,
                shape.width(), shape.height(), keep.isPublic(), keep.retentionDays(), null, file.name(), List.of(file), null, null, false);
    }
}
