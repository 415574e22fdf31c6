package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.values.Shape;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A video job as it moves through the pipeline topics ({@code video.generated} → {@code video.transcoded}
 * → {@code video.thumbnailed} → {@code video.completed}), keyed by job id. Files stay in the staging
 * bucket; each step adds the keys of what it made. Everything a step needs is in the message, so any
 * worker can pick any job up, and a redelivered message redoes (idempotently) only its own step.
 *
 * <p>Made of its parts: whose job it is ({@link Job}), the item's id, what made it ({@link MadeBy}), its shape
 * ({@link Shape}: size, measured length, frame), how it is kept ({@link Keep}), the job's figures, its files and what the stages made of it. On the
 * wire one flat object, byte for byte the message it always was ({@code GoldenMessagesTest}): each field is read off its
 * part by the accessor of its old name and read back by {@link #wire}.
 */
@JsonPropertyOrder({"jobId", "requestId", "userId", "tier", "mediaId", "model", "modelSlug", "providerId", "providerName", "prompt",
        "size", "width", "height", "duration", "isPublic", "retentionDays", "price", "stats", "source", "outputs", "media", "failure",
        "acceptedAt", "derived"})
public record VideoWork(
        @JsonIgnore Job job,
        String mediaId,
        @JsonIgnore MadeBy made,
        @JsonIgnore Shape shape,
        @JsonIgnore Keep keep,
        Stats stats,
        StagedFile source,
        List<StagedFile> outputs,
        MediaItem media,
        Failure failure,
        @JsonInclude(JsonInclude.Include.NON_NULL) Derived derived) {

    /** Whose job it is and when it was accepted. */
    public record Job(String jobId, String requestId, String userId, Tier tier, Instant acceptedAt) {}

    /**
     * What a video was made from, when it was made from the caller's files: their media ids ({@code sources}: first frame, last
     * frame, references, source video; named in the item's {@code sources}) and, for one made from a source video, that video
     * ({@code parent}, null otherwise), which its Content Credentials name.
     */
    public record Derived(List<String> sources, Parent parent) {
        public Derived {
            sources = sources == null ? List.of() : List.copyOf(sources);
        }
    }

    /**
     * The source video a video was made from: its media id, its copy in the staging bucket ({@code key}) and what was done to it
     * ({@code action}: {@code c2pa.resized} for an upscale, {@code c2pa.edited} for an extension, a variation or a restyle).
     */
    public record Parent(String id, String key, String action) {}

    /** Whether anyone may see the item, and for how many days it is kept. */
    public record Keep(boolean isPublic, int retentionDays) {}

    /**
     * Why the pipeline gave a job up: a contract error code ({@link ErrorCode}, wire form) and what the owner is told.
     * A bare string (what pipelines before this field's code wrote) reads as an internal error with that reason.
     */
    public record Failure(String code, String message) {
        @JsonCreator
        public Failure(@JsonProperty("code") String code, @JsonProperty("message") String message) {
            this.code = code == null ? ErrorCode.INTERNAL_ERROR.code() : code;
            this.message = message;
        }

        public Failure(ErrorCode code, String message) {
            this(code.code(), message);
        }

        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static Failure ofReason(String reason) {
            return new Failure(ErrorCode.INTERNAL_ERROR, reason);
        }

        public ErrorCode errorCode() {
            return ErrorCode.fromCode(code);
        }
    }

    /** A file in the staging bucket and what it is. {@code role}: source, rendition, thumbnail, preview, part. */
    public record StagedFile(String key, String name, String role, String format, String codec, String size,
                             int width, int height, String mime, long bytes) {}

    /**
     * A video just generated and staged ({@code source}), on its way to the first stage: who asked and how
     * ({@code request}), its media id, what made it, its size and measured length, how long it is kept, and the
     * job's figures so far. No outputs, media or failure yet.
     */
    public static VideoWork generated(GenerationRequest request, String mediaId, MadeBy made, String size, int width, int height,
                                      double seconds, int retentionDays, Stats stats, StagedFile source) {
        return new VideoWork(new Job(request.jobId(), request.requestId(), request.userId(), request.tier(), request.acceptedAt()), mediaId,
                new MadeBy(made.model(), made.modelSlug(), made.provider(), made.providerName(), made.prompt(), null, made.price()),
                new Shape(size, seconds, width, height), new Keep(request.isPublic(), retentionDays), stats, source, List.of(), null, null, null);
    }

    /** The message as it is on the wire, one flat object: what Jackson reads a video's work from. */
    @JsonCreator
    static VideoWork wire(@JsonProperty("jobId") String jobId, @JsonProperty("requestId") String requestId,
                          @JsonProperty("userId") String userId, @JsonProperty("tier") Tier tier, @JsonProperty("mediaId") String mediaId,
                          @JsonProperty("model") String model, @JsonProperty("modelSlug") String modelSlug,
                          @JsonProperty("providerId") String providerId, @JsonProperty("providerName") String providerName,
                          @JsonProperty("prompt") String prompt, @JsonProperty("size") String size, @JsonProperty("width") int width,
                          @JsonProperty("height") int height, @JsonProperty("duration") double duration,
                          @JsonProperty("isPublic") boolean isPublic, @JsonProperty("retentionDays") int retentionDays,
                          @JsonProperty("price") BigDecimal price, @JsonProperty("stats") Stats stats,
                          @JsonProperty("source") StagedFile source, @JsonProperty("outputs") List<StagedFile> outputs,
                          @JsonProperty("media") MediaItem media, @JsonProperty("failure") Failure failure,
                          @JsonProperty("acceptedAt") Instant acceptedAt, @JsonProperty("derived") Derived derived) {
        return new VideoWork(new Job(jobId, requestId, userId, tier, acceptedAt), mediaId,
                new MadeBy(model, modelSlug, providerId, providerName, prompt, null, price), new Shape(size, duration, width, height),
                new Keep(isPublic, retentionDays), stats, source, outputs, media, failure, derived);
    }

    public List<StagedFile> outputs() {
        return outputs == null ? List.of() : outputs;
    }

    /** This work with {@code more} outputs; files of the same name are replaced, so a redo adds nothing twice. */
    public VideoWork withOutputs(List<StagedFile> more) {
        List<StagedFile> all = new ArrayList<>(outputs().stream()
                .filter(f -> more.stream().noneMatch(m -> m.name().equals(f.name()))).toList());
        all.addAll(more);
        return progressed(List.copyOf(all), media, failure);
    }

    /** This work made from the caller's files as {@code from} says (null: from none). */
    public VideoWork withDerived(Derived from) {
        return new VideoWork(job, mediaId, made, shape, keep, stats, source, outputs, media, failure, from);
    }

    /** The media ids of the caller's files this video was made from; empty when none. */
    public List<String> sourceIds() {
        return derived == null ? List.of() : derived.sources();
    }

    public VideoWork withMedia(MediaItem item) {
        return progressed(outputs, item, failure);
    }

    public VideoWork withFailure(Failure reason) {
        return progressed(outputs, media, reason);
    }

    /** This work with what the stages change ({@code outputs}, {@code media}, {@code failure}); the rest never changes. */
    private VideoWork progressed(List<StagedFile> outputs, MediaItem media, Failure failure) {
        return new VideoWork(job, mediaId, made, shape, keep, stats, source, outputs, media, failure, derived);
    }

    // The fields of the parts, by the names they have on the wire.

    @JsonProperty
    public String jobId() {
        return job.jobId();
    }

    @JsonProperty
    public String requestId() {
        return job.requestId();
    }

    @JsonProperty
    public String userId() {
        return job.userId();
    }

    @JsonProperty
    public Tier tier() {
        return job.tier();
    }

    @JsonProperty
    public Instant acceptedAt() {
        return job.acceptedAt();
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
    public String providerId() {
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
    public BigDecimal price() {
        return made.price();
    }

    @JsonProperty
    public String size() {
        return shape.size();
    }

    @JsonProperty
    public int width() {
        return shape.width();
    }

    @JsonProperty
    public int height() {
        return shape.height();
    }

    @JsonProperty
    public double duration() {
        return shape.duration();
    }

    @JsonProperty("isPublic")
    public boolean isPublic() {
        return keep.isPublic();
    }

    @JsonProperty
    public int retentionDays() {
        return keep.retentionDays();
    }
}
