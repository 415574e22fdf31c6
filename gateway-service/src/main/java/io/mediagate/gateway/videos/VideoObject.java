package io.mediagate.gateway.videos;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.media.VideoSize;
import java.time.Instant;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A video job in OpenAI's shape ({@code object: "video"}): our job id, status as OpenAI names it
 * ({@code queued}, {@code in_progress}, {@code completed}, {@code failed}), times in Unix seconds,
 * {@code seconds} as a string and {@code size} as {@code WxH}.
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
    static String jobOf(String mediaId) {
        Matcher m = mediaId == null ? null : VIDEO_MEDIA.matcher(mediaId);
        return m != null && m.matches() ? "job_" + m.group(1) : null;
    }

    /** The object of a job as routing shows it ({@code result.job}). */
    static VideoObject of(JsonNode job) {
        JsonNode asked = job.path("request");
        JsonNode item = job.path("data").path(0);
        String status = switch (job.path("status").asText()) {
            case "queued" -> "queued";
            case "running" -> "in_progress";
            case "succeeded" -> "completed";
            default -> "failed";
        };
        boolean finished = !status.equals("queued") && !status.equals("in_progress");
        Map<String, String> error = null;
        if (status.equals("failed")) {
            JsonNode e = job.path("error");
            boolean cancelled = "cancelled".equals(job.path("status").asText());
            error = Map.of("code", e.path("code").asText(cancelled ? "job_cancelled" : "internal_error"),
                    "message", e.path("message").asText(cancelled ? "the job was cancelled" : "the job failed"));
        }
        return new VideoObject(job.path("id").asText(), "video", asked.path("model").asText(null), status,
                job.path("progress").asInt(), seconds(job.path("createdAt")), finished ? seconds(job.path("updatedAt")) : null,
                item.has("expiresAt") ? seconds(item.path("expiresAt")) : null, secondsText(asked.path("duration")),
                size(item, asked.path("size").asText(null)), asked.path("prompt").asText(null),
                jobOf(asked.path("videoId").asText(null)), error);
    }

    /** A job just submitted. */
    static VideoObject queued(String id, String model, Instant createdAt, Double duration, String sizeLabel, String prompt,
                              String remixedFrom) {
        return new VideoObject(id, "video", model, "queued", 0, createdAt.getEpochSecond(), null, null,
                duration == null ? null : secondsText(duration), size(null, sizeLabel), prompt, remixedFrom, null);
    }

    private static long seconds(JsonNode instant) {
        return instant.isNumber() ? instant.asLong() : Instant.parse(instant.asText()).getEpochSecond();
    }

    private static String secondsText(JsonNode duration) {
        return duration.isNumber() ? secondsText(duration.asDouble()) : null;
    }

    static String secondsText(double seconds) {
        return seconds == Math.rint(seconds) ? Long.toString((long) seconds) : Double.toString(seconds);
    }

    /** The video's real size when it is made, else the size asked for (a label such as {@code 720p}) as WxH. */
    private static String size(JsonNode item, String label) {
        if (item != null && item.path("width").isInt() && item.path("height").isInt()) {
            return item.path("width").asInt() + "x" + item.path("height").asInt();
        }
        return label == null ? null : VideoSize.parse(label).map(s -> s.width() + "x" + s.height()).orElse(label);
    }
}
