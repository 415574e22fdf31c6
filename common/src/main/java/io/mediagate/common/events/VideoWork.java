package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.tier.Tier;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A video job as it moves through the pipeline topics ({@code video.generated} → {@code video.transcoded}
 * → {@code video.thumbnailed} → {@code video.completed}), keyed by job id. Files stay in the staging
 * bucket; each step adds the keys of what it made. Everything a step needs is in the message, so any
 * worker can pick any job up, and a redelivered message redoes (idempotently) only its own step.
 */
public record VideoWork(
        String jobId,
        String requestId,
        String userId,
        Tier tier,
        String mediaId,
        String model,
        String modelSlug,
        String providerId,
        String providerName,
        String prompt,
        String size,
        int width,
        int height,
        double duration,
        boolean isPublic,
        int retentionDays,
        BigDecimal price,
        Stats stats,
        StagedFile source,
        List<StagedFile> outputs,
        MediaItem media,
        Failure failure,
        Instant acceptedAt) {

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
        return new VideoWork(request.jobId(), request.requestId(), request.userId(), request.tier(), mediaId, made.model(),
                made.modelSlug(), made.provider(), made.providerName(), made.prompt(), size, width, height, seconds, request.isPublic(),
                retentionDays, made.price(), stats, source, List.of(), null, null, request.acceptedAt());
    }

    /** What made this video, as its registration names it. */
    public MadeBy madeBy() {
        return new MadeBy(model, modelSlug, providerId, providerName, prompt, null, price);
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

    public VideoWork withMedia(MediaItem item) {
        return progressed(outputs, item, failure);
    }

    public VideoWork withFailure(Failure reason) {
        return progressed(outputs, media, reason);
    }

    /** This work with what the stages change ({@code outputs}, {@code media}, {@code failure}); the rest never changes. */
    private VideoWork progressed(List<StagedFile> outputs, MediaItem media, Failure failure) {
        return new VideoWork(jobId, requestId, userId, tier, mediaId, model, modelSlug, providerId, providerName, prompt,
                size, width, height, duration, isPublic, retentionDays, price, stats, source, outputs, media, failure, acceptedAt);
    }
}
