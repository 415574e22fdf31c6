package io.mediagate.common.batches;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.events.GenerationRequest;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * Batches as routing serves them: the public reads at {@link #ROOT} (the gateway forwards them as the caller) and the
 * creation at {@link #CREATE}, which the gateway calls once it has read the input file and parsed every line as its
 * endpoint would: one body, the {@link Create} command as a JSON line, then one {@link Line} per request.
 */
public final class BatchesApi {
    public static final String ROOT = "/v1/batches";
    public static final String CREATE = "/internal/v1/batches";
    public static final String IMAGE_GENERATIONS = "/v1/images/generations";
    public static final String IMAGE_EDITS = "/v1/images/edits";
    /** OpenAI's video resource: a line's answer is the video object. */
    public static final String VIDEOS = "/v1/videos";
    public static final String VIDEO_GENERATIONS = "/v1/videos/generations";
    /** The endpoints a batch may name. */
    public static final List<String> ENDPOINTS = List.of(IMAGE_GENERATIONS, IMAGE_EDITS, VIDEOS, VIDEO_GENERATIONS);
    /** The one completion window, OpenAI's. */
    public static final String WINDOW = "24h";

    private BatchesApi() {
    }

    /**
     * A batch to keep: {@code errors} (OpenAI's {@code {code, message, param, line}}) when its file failed validation
     * (it is kept {@code failed}, with no lines), else {@code lines} lines follow; {@code outputExpiresAfter}: how many
     * seconds its output and error files are kept after they are made (null: as long as any batch file); {@code reserved}:
     * its lines' worst cases are reserved against its caller's spend caps, so a line that never runs must give its
     * reservation back (routing ends it with a {@code generation.events} record).
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Create(String id, String endpoint, @JsonProperty("input_file_id") String inputFileId,
                         @JsonProperty("completion_window") String completionWindow, Map<String, String> metadata,
                         @JsonProperty("key_id") String keyId, @JsonProperty("webhook_url") String webhookUrl, BigDecimal budget,
                         List<Problem> errors, int lines, @JsonProperty("output_expires_after") Long outputExpiresAfter,
                         boolean reserved) {}

    /** Why a file failed validation, as OpenAI's batch {@code errors.data} says it. */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Problem(String code, String message, String param, Integer line) {}

    /**
     * One request of the file, by its number (from 1): the job it becomes ({@code request}), or the answer its endpoint
     * gave it instead ({@code refused}: the status and the envelope body a synchronous call would have had); {@code worst}: its
     * worst-case price, for a batch with a budget.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Line(int line, @JsonProperty("custom_id") String customId, GenerationRequest request, Refused refused,
                       BigDecimal worst) {}

    public record Refused(int status, JsonNode body) {}
}
