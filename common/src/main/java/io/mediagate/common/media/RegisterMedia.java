package io.mediagate.common.media;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.mediagate.common.events.MadeBy;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.values.MediaKind;
import io.mediagate.common.values.Shape;
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
 *
 * <p>Made of its parts (where it is kept and for how long, what made it, its shape, its files); on the wire one flat object,
 * byte for byte the message it always was ({@code GoldenMessagesTest}), each field read off its part by the accessor of its
 * old name and read back by {@link #wire}.
 */
@JsonPropertyOrder({"id", "ownerId", "kind", "model", "modelSlug", "provider", "providerName", "prompt", "revisedPrompt", "size",
        "duration", "width", "height", "public", "retentionDays", "stagingBucket", "primary", "files", "sources", "price", "partial"})
public record RegisterMedia(
        @JsonIgnore Keeping keep,
        MediaKind kind,
        @JsonIgnore MadeBy made,
        @JsonIgnore Shape shape,
        String stagingBucket,
        String primary,
        List<VideoWork.StagedFile> files,
        List<String> sources,
        boolean partial) {

    /** The content type of a registration sent with its file: the JSON, then the file's bytes. */
    public static final String WITH_FILE = "application/x-mediagate-file";
    private static final MadeBy NOBODY = new MadeBy(null, null, null, null, null, null, null);

    /** Who keeps the item, whether anyone may see it, and for how many days. */
    public record Keeping(String id, String ownerId, boolean isPublic, int retentionDays) {}

    /** A generated image whose one file is sent with the registration; {@code sources}: what an edit was made from. */
    public static RegisterMedia image(Keeping keep, MadeBy made, Shape shape, VideoWork.StagedFile file, List<String> sources) {
        return new RegisterMedia(keep, MediaKind.IMAGE, made, shape.still(), null,
                file.name(), List.of(file), sources, false);
    }

    /**
     * A generated video whose renditions wait in {@code stagingBucket}; {@code primary} names its MP4; {@code sources}: the
     * caller's items it was made from (none: empty).
     */
    public static RegisterMedia video(Keeping keep, MadeBy made, Shape shape, String stagingBucket, String primary,
                                      List<VideoWork.StagedFile> files, List<String> sources) {
        return new RegisterMedia(keep, MediaKind.VIDEO, made, shape, stagingBucket, primary, files,
                sources == null || sources.isEmpty() ? null : sources, false);
    }

    /** A video the owner's request named ({@code file}, waiting in {@code stagingBucket}), kept as theirs, made by nobody. */
    public static RegisterMedia sourceVideo(Keeping keep, Shape shape, String stagingBucket, VideoWork.StagedFile file) {
        return new RegisterMedia(keep, MediaKind.VIDEO, NOBODY, shape, stagingBucket, file.name(), List.of(file), null, false);
    }

    /** This registration as a part: its files are kept, the item stays {@code processing} until one that is not. */
    public RegisterMedia asPart() {
        return new RegisterMedia(keep, kind, made, shape, stagingBucket, primary, files, sources, true);
    }

    /** An upload the owner sent: an image file in the staging bucket, made by nobody. */
    public static RegisterMedia upload(Keeping keep, Shape shape, VideoWork.StagedFile file) {
        return new RegisterMedia(keep, MediaKind.IMAGE, NOBODY, shape.still(), null,
                file.name(), List.of(file), null, false);
    }

    /** The message as it is on the wire, one flat object: what Jackson reads a registration from. */
    @JsonCreator
    static RegisterMedia wire(@JsonProperty("id") String id, @JsonProperty("ownerId") String ownerId, @JsonProperty("kind") MediaKind kind,
                              @JsonProperty("model") String model, @JsonProperty("modelSlug") String modelSlug,
                              @JsonProperty("provider") String provider, @JsonProperty("providerName") String providerName,
                              @JsonProperty("prompt") String prompt, @JsonProperty("revisedPrompt") String revisedPrompt,
                              @JsonProperty("size") String size, @JsonProperty("duration") Double duration,
                              @JsonProperty("width") Integer width, @JsonProperty("height") Integer height,
                              @JsonProperty("public") boolean isPublic, @JsonProperty("retentionDays") int retentionDays,
                              @JsonProperty("stagingBucket") String stagingBucket, @JsonProperty("primary") String primary,
                              @JsonProperty("files") List<VideoWork.StagedFile> files, @JsonProperty("sources") List<String> sources,
                              @JsonProperty("price") BigDecimal price, @JsonProperty("partial") boolean partial) {
        return new RegisterMedia(new Keeping(id, ownerId, isPublic, retentionDays), kind,
                new MadeBy(model, modelSlug, provider, providerName, prompt, revisedPrompt, price), new Shape(size, duration, width, height),
                stagingBucket, primary, files, sources, partial);
    }

    // The fields of the parts, by the names they have on the wire.

    @JsonProperty
    public String id() {
        return keep.id();
    }

    @JsonProperty
    public String ownerId() {
        return keep.ownerId();
    }

    @JsonProperty("public")
    public boolean isPublic() {
        return keep.isPublic();
    }

    @JsonProperty
    public int retentionDays() {
        return keep.retentionDays();
    }

    @JsonProperty
    public String model() {
        return made.model();
    }

    @JsonProperty
    public String modelSlug() {
        return made.modelSlug();
    }

    @JsonProperty
    public String provider() {
        return made.provider();
    }

    @JsonProperty
    public String providerName() {
        return made.providerName();
    }

    @JsonProperty
    public String prompt() {
        return made.prompt();
    }

    @JsonProperty
    public String revisedPrompt() {
        return made.revisedPrompt();
    }

    @JsonProperty
    public BigDecimal price() {
        return made.price();
    }

    @JsonProperty
    public String size() {
        return shape.size();
    }

    @JsonProperty
    public Double duration() {
        return shape.duration();
    }

    @JsonProperty
    public Integer width() {
        return shape.width();
    }

    @JsonProperty
    public Integer height() {
        return shape.height();
    }
}
