package io.mediagate.common.jobs;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.events.JobStatus;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.values.Size;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A video job in OpenAI's shape ({@code object: "video"}): our job id, status as OpenAI names it
 * ({@code queued}, {@code in_progress}, {@code completed}, {@code failed}), times in Unix seconds,
 * {@code seconds} as a string and {@code size} as {@code WxH}: what the gateway's OpenAI video face answers, and the body
 * of a {@code /v1/videos} batch line's output.
 */
public record VideoObject(
        String id,
        String object,
        String model,
        String status,
        int progress,
        @JsonProperty("created_at") long createdAt,
        @JsonProperty("completed_at") @JsonInclude(JsonInclude.Include.ALWAYS) Long completedAt,
        @JsonProperty("expires_at") @JsonInclude(JsonInclude.Include.ALWAYS) Long expiresAt,
        String seconds,
        String size,
        String prompt,
        @JsonProperty("remixed_from_video_id") @JsonInclude(JsonInclude.Include.ALWAYS) String remixedFromVideoId,
        @JsonInclude(JsonInclude.Include.ALWAYS) Map<String, String> error) {

    /** A video's media id derives from its job's: {@code med_<x>x0} is the result of {@code job_<x>}. */
    private static final Pattern VIDEO_MEDIA = Pattern.compile("med_([A-Za-z0-9]+)x0");

    /** The job id whose video {@code mediaId} is, or null when it is not a job's result. */
    public static String jobOf(String mediaId) {
        Matcher m = mediaId == null ? null : VIDEO_MEDIA.matcher(mediaId);
        return m != null && m.matches() ? "job_" + m.group(1) : null;
    }

    /** The object of a job as routing shows it. */
    public static VideoObject of(JobView job) {
        JobView.Asked asked = job.request() != null ? job.request() : new JobView.Asked(null, null, null, null, null, null);
        MediaItem item = job.data() == null || job.data().isEmpty() ? null : job.data().getFirst();
        String status = job.status() == null ? "failed" : switch (job.status()) {
            case QUEUED -> "queued";
            case RUNNING -> "in_progress";
            case SUCCEEDED -> "completed";
            case FAILED, CANCELLED -> "failed";
        };
        boolean finished = !status.equals("queued") && !status.equals("in_progress");
        Map<String, String> error = null;
        if (status.equals("failed")) {
            ErrorBody e = job.error();
            boolean cancelled = job.status() == JobStatus.CANCELLED;
            error = Map.of("code", e != null && e.code != null ? e.code : cancelled ? "job_cancelled" : "internal_error",
                    "message", e != null && e.message != null ? e.message : cancelled ? "the job was cancelled" : "the job failed");
        }
        return new VideoObject(job.id(), "video", asked.model(), status, job.progress(), job.createdAt().getEpochSecond(),
                finished && job.updatedAt() != null ? job.updatedAt().getEpochSecond() : null,
                item != null && item.expiresAt() != null ? item.expiresAt().getEpochSecond() : null,
                asked.duration() == null ? null : secondsText(asked.duration()), size(item, asked.framed()), asked.prompt(),
                jobOf(asked.videoId()), error);
    }

    /** A job just submitted. */
    public static VideoObject queued(String id, String model, Instant createdAt, Double duration, Size asked, String prompt,
                              String remixedFrom) {
        return new VideoObject(id, "video", model, "queued", 0, createdAt.getEpochSecond(), null, null,
                duration == null ? null : secondsText(duration), size(null, asked), prompt, remixedFrom, null);
    }

    public static String secondsText(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }

    /** The video's real size when it is made, else the size asked for (a label such as {@code 720p}, in its frame) as WxH. */
    private static String size(MediaItem item, Size asked) {
        if (item != null && item.width() != null && item.height() != null) {
            return item.width() + "x" + item.height();
        }
        return asked == null ? null : asked.width() + "x" + asked.height();
    }
}
