package io.mediagate.gateway.batches;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.batches.BatchesApi;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.io.BoundedLines;
import io.mediagate.common.media.FilesApi;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.auth.KeyHashing;
import io.mediagate.gateway.batchfiles.JsonLines;
import io.mediagate.gateway.generation.RequestFields;
import io.mediagate.gateway.images.ImageRequests;
import io.mediagate.gateway.support.JsonBody;
import io.mediagate.gateway.videos.VideoCreation;
import io.mediagate.gateway.videos.VideoRequestParser;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Reads a batch's input file a line at a time and turns each request into what routing keeps: the generation request
 * its endpoint's own parser makes of its body (the same checks as the synchronous call, as the batch's caller), or the
 * answer that endpoint would have given it instead (a 400 naming the field: the line fails, not the batch). What makes
 * the whole file unusable fails the batch, as OpenAI's validation does, with every reason (up to {@value #MAX_PROBLEMS}):
 * a line that is not a JSON object, a request without a {@code custom_id} or with one used before, one whose
 * {@code method} is not {@code POST} or whose {@code url} is not the batch's endpoint, or whose {@code body} is not an
 * object. The parsed lines are written to {@code target}, never held together in memory. An edit line names its images
 * ({@link EditLineSources}); a {@code /v1/videos} line has the fields of OpenAI's video creation ({@code seconds},
 * {@code input_reference: {image_url}}). A line that names neither
 * {@code routing} nor {@code provider} is routed {@code cheapest}: nobody waits for it.
 */
final class BatchLines {
    static final int MAX_PROBLEMS = 100;
    private static final int MAX_CUSTOM_ID = 512;
    /** Fields of the synchronous calls a batch line may not use, with why. */
    private static final Map<String, String> NOT_IN_BATCHES = Map.of(
            "stream", "a batch line is not streamed; its answer is in the output file",
            "partial_images", "a batch line is not streamed; its answer is in the output file",
            "webhook_url", "a batch line takes no webhook; follow the batch, or each line's job",
            "webhook_events", "a batch line takes no webhook; follow the batch, or each line's job",
            RequestFields.QUOTE_ID, "a quote prices one request sent alone; a batch's lines are priced as they run (its budget caps them)");

    private final ObjectMapper json;
    private final JsonLines lines;
    private final Caller caller;
    private final String endpoint;
    private final String batchId;
    private final String requestId;
    private final Instant acceptedAt;
    /** The worst-case price of a request, for a batch with a budget; null for one without. */
    private final Function<GenerationRequest, BigDecimal> worstCase;

    BatchLines(ObjectMapper json, Caller caller, String endpoint, String batchId, String requestId, Instant acceptedAt,
               Function<GenerationRequest, BigDecimal> worstCase) {
        this.worstCase = worstCase;
        this.batchId = batchId;
        this.json = json;
        this.lines = new JsonLines(json);
        this.caller = caller;
        this.endpoint = endpoint;
        this.requestId = requestId;
        this.acceptedAt = acceptedAt;
    }

    /** What reading the file found: the lines written, or why the file cannot be a batch. */
    record Read(int lines, List<BatchesApi.Problem> problems) {}

    Read read(InputStream in, Path target) throws IOException {
        List<BatchesApi.Problem> problems = new ArrayList<>();
        Set<String> customIds = new HashSet<>();
        int[] written = {0};
        try (BufferedWriter out = Files.newBufferedWriter(target, StandardCharsets.UTF_8)) {
            lines.read(in, (number, value, notJson) -> {
                if (written[0] + problems.size() >= FilesApi.MAX_LINES) {
                    problems.add(problem("too_many_requests", "a batch holds at most " + FilesApi.MAX_LINES + " requests", null, number));
                    return false;
                }
                if (notJson != null) {
                    problems.add(problem("invalid_json_line", "line " + number + " is not valid JSON", null, number));
                } else {
                    BatchesApi.Line line = line(value, number, customIds, problems);
                    if (line != null && problems.isEmpty()) {
                        out.write(json.writeValueAsString(line));
                        out.write('\n');
                        written[0]++;
                    }
                }
                return problems.size() < MAX_PROBLEMS;
            });
        } catch (BoundedLines.TooLong e) {
            problems.add(problem("line_too_long", "line " + e.line() + " is longer than " + JsonLines.MAX_LINE_BYTES + " bytes",
                    null, e.line()));
        }
        if (problems.isEmpty() && written[0] == 0) {
            problems.add(problem("empty_file", "the input file holds no requests", "input_file_id", null));
        }
        return new Read(written[0], problems);
    }

    private BatchesApi.Line line(JsonNode node, int number, Set<String> customIds, List<BatchesApi.Problem> problems) {
        if (!(node instanceof ObjectNode request)) {
            problems.add(problem("invalid_request", "line " + number + " is not a JSON object", null, number));
            return null;
        }
        JsonNode customId = request.get("custom_id");
        if (customId == null || !customId.isTextual() || customId.asText().isEmpty() || customId.asText().length() > MAX_CUSTOM_ID) {
            problems.add(problem("missing_custom_id", "line " + number + " needs a custom_id: a string of 1 to " + MAX_CUSTOM_ID
                    + " characters", "custom_id", number));
            return null;
        }
        if (!customIds.add(customId.asText())) {
            problems.add(problem("duplicate_custom_id", "line " + number + " uses custom_id " + customId.asText()
                    + " again; each request's custom_id must be unique in the file", "custom_id", number));
            return null;
        }
        JsonNode method = request.get("method");
        if (method == null || !"POST".equals(method.asText())) {
            problems.add(problem("invalid_method", "line " + number + "'s method must be POST", "method", number));
            return null;
        }
        JsonNode url = request.get("url");
        if (url == null || !endpoint.equals(url.asText())) {
            problems.add(problem("mismatched_endpoint", "line " + number + "'s url is " + (url == null ? "missing" : url.asText())
                    + " but the batch's endpoint is " + endpoint, "url", number));
            return null;
        }
        JsonNode body = request.get("body");
        if (!(body instanceof ObjectNode fields)) {
            problems.add(problem("invalid_request", "line " + number + "'s body must be a JSON object", "body", number));
            return null;
        }
        try {
            GenerationRequest parsed = parse(fields);
            return new BatchesApi.Line(number, customId.asText(), parsed, null, worstCase == null ? null : worstCase.apply(parsed));
        } catch (ApiException e) {
            return new BatchesApi.Line(number, customId.asText(), null, new BatchesApi.Refused(e.code().status(),
                    json.valueToTree(ErrorBody.of(e.code(), e.getMessage(), e.param(), requestId,
                            e.extra() == null ? Map.of() : e.extra()))), null);
        }
    }

    /** The body as its endpoint's parser reads it, as the batch's caller; its refusal is the line's answer. */
    private GenerationRequest parse(ObjectNode fields) {
        for (Map.Entry<String, String> field : NOT_IN_BATCHES.entrySet()) {
            JsonNode value = fields.get(field.getKey());
            if (value != null && !value.isNull() && !(value.isBoolean() && !value.asBoolean())) {
                throw ApiException.invalid(field.getKey(), field.getKey() + " is not taken in a batch: " + field.getValue());
            }
        }
        JsonNode format = fields.get("response_format");
        if (format != null && "b64_json".equals(format.asText())) {
            throw ApiException.invalid("response_format", "response_format b64_json is not offered in batches: each output line "
                    + "carries the images' addresses");
        }
        if (!fields.has("routing") && !fields.has("provider")) {
            fields.put("routing", "cheapest"); // nobody waits for a batch: the cheapest offer that can serve it, unless asked
        }
        JsonBody in = JsonBody.of(fields);
        String jobId = KeyHashing.newId("job_");
        GenerationRequest request = switch (endpoint) {
            case BatchesApi.IMAGE_GENERATIONS -> ImageRequests.parse(json, in, caller, jobId, requestId, acceptedAt, null, -1);
            case BatchesApi.IMAGE_EDITS -> {
                ImageSources sources = EditLineSources.take(fields);
                yield ImageRequests.parse(json, in, caller, jobId, requestId, acceptedAt, sources, -1);
            }
            case BatchesApi.VIDEOS -> VideoCreation.request(json, JsonBody.of(VideoCreation.body(json, fields)), caller, jobId, requestId,
                    acceptedAt, null);
            default -> VideoRequestParser.parse(json, in, caller, jobId, requestId, acceptedAt, null);
        };
        return request.inBatch(batchId);
    }

    private static BatchesApi.Problem problem(String code, String message, String param, Integer line) {
        return new BatchesApi.Problem(code, message, param, line);
    }
}
