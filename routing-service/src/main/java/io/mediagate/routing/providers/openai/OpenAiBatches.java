package io.mediagate.routing.providers.openai;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.BoundedLines;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageBatches;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Multipart;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.ProviderHttp;
import io.mediagate.routing.providers.Upstream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * OpenAI's Batch API for image generations: the lines are a JSONL file ({@code {custom_id, method: "POST", url:
 * "/v1/images/generations", body}}) uploaded with {@code purpose=batch} to {@code POST /files}, then {@code POST /batches}
 * ({@code endpoint: "/v1/images/generations"}, {@code completion_window: "24h"}, our id in {@code metadata.mediagate_batch});
 * {@code GET /batches/{id}} is looked at until it ends, and its output and error files ({@code GET /files/{id}/content},
 * lines {@code {id, custom_id, response: {status_code, request_id, body}, error}} in any order) give each line's answer:
 * the body a synchronous call answers ({@link OpenAiWire#answer}); a line refused for its content is the line's refusal. An expired or cancelled batch's output file holds what
 * was made before it stopped; a batch that failed validation has none.
 */
public class OpenAiBatches implements ImageBatches {
    /** The metadata key our id of a batch is kept under. */
    static final String LABEL = "mediagate_batch";
    static final String ENDPOINT = "/v1/images/generations";
    /** The codes of a line OpenAI refused for its content. */
    private static final Set<String> REFUSALS = Set.of("moderation_blocked", "content_policy_violation");
    private static final Set<String> PENDING = Set.of("validating", "in_progress", "finalizing", "cancelling");
    /** The longest output line read: a line holds its images as base64. */
    private static final long MAX_LINE = 4 * Upstream.MAX_IMAGE_BYTES;
    /** The most an output file is read (it is read a line at a time). */
    private static final long MAX_FILE = 16L * 1024 * 1024 * 1024;
    private final Upstream upstream;
    private final int maxLines;

    public OpenAiBatches(Upstream upstream, int maxLines) {
        this.upstream = upstream;
        this.maxLines = maxLines;
    }

    @Override
    public Object line(ImageTask task) {
        return OpenAiWire.requestBody(task, true);
    }

    @Override
    public int maxLines() {
        return maxLines;
    }

    @Override
    public String submit(ProviderSpec provider, String upstreamModel, String label, List<Line> lines) {
        ByteArrayOutputStream jsonl = new ByteArrayOutputStream();
        for (Line line : lines) {
            Map<String, Object> request = new LinkedHashMap<>();
            request.put("custom_id", line.key());
            request.put("method", "POST");
            request.put("url", ENDPOINT);
            request.put("body", line.body());
            jsonl.writeBytes(upstream.write(request));
            jsonl.write('\n');
        }
        Multipart form = new Multipart().field("purpose", "batch").file("file", label + ".jsonl", "application/jsonl", jsonl.toByteArray());
        HttpRequest.Builder upload = upstream.request(base(provider) + "/files").header("Content-Type", form.contentType())
                .header("Accept", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(form.bytes()));
        String file = text(provider, call(provider, upload), "/id");
        Map<String, Object> batch = Map.of("input_file_id", file, "endpoint", ENDPOINT, "completion_window", "24h",
                "metadata", Map.of(LABEL, label));
        return text(provider, call(provider, upstream.postJson(base(provider) + "/batches", batch)), "/id");
    }

    @Override
    public Optional<String> find(ProviderSpec provider, String label) {
        JsonNode list = call(provider, upstream.request(base(provider) + "/batches?limit=100").header("Accept", "application/json").GET());
        for (JsonNode batch : list.path("data")) {
            if (label.equals(batch.path("metadata").path(LABEL).asText(null)) && batch.path("id").isTextual()) {
                return Optional.of(batch.path("id").asText());
            }
        }
        return Optional.empty();
    }

    @Override
    public Look look(ProviderSpec provider, String id, BiConsumer<String, Answer> answers) {
        JsonNode batch = call(provider, upstream.request(base(provider) + "/batches/" + URLEncoder.encode(id, StandardCharsets.UTF_8))
                .header("Accept", "application/json").GET());
        String status = batch.path("status").asText("");
        if (PENDING.contains(status)) {
            return new Look.Pending(status);
        }
        String output = batch.path("output_file_id").asText(null);
        String errors = batch.path("error_file_id").asText(null);
        if (output == null && errors == null) {
            return new Look.Lost(status);
        }
        for (String file : new String[] {output, errors}) {
            if (file != null) {
                read(provider, file, answers);
            }
        }
        return new Look.Ended(status);
    }

    /** One output or error file, a line at a time: each line's answer by its {@code custom_id}. */
    private void read(ProviderSpec provider, String file, BiConsumer<String, Answer> answers) {
        HttpRequest.Builder get = upstream.request(base(provider) + "/files/" + URLEncoder.encode(file, StandardCharsets.UTF_8) + "/content").GET();
        Auth.bearer().of(provider).sign(get);
        HttpResponse<InputStream> response = ProviderHttp.stream(provider, get.build(), MAX_FILE);
        if (response.statusCode() != 200) {
            throw OpenAiWire.ERRORS.read(upstream, provider, response, Upstream.drain(response));
        }
        try (InputStream in = response.body()) {
            BoundedLines.read(in, MAX_LINE, text -> {
                JsonNode line = upstream.read(text.getBytes(StandardCharsets.UTF_8));
                String key = line == null ? null : line.path("custom_id").asText(null);
                if (key != null) {
                    answers.accept(key, answer(line));
                }
            });
        } catch (IOException e) {
            throw ProviderException.failed(provider.id() + "'s batch file " + file + " could not be read: " + e.getMessage());
        }
    }

    /** A line of an output or error file as its answer: the 200 response's body, else why it failed. */
    private static Answer answer(JsonNode line) {
        JsonNode response = line.path("response");
        if (response.path("status_code").asInt() == 200 && response.path("body").isObject()) {
            return new Answer.Made(response.path("body").toString());
        }
        String message = response.path("body").path("error").path("message").asText(null);
        if (message == null) {
            message = line.path("error").path("message").asText("the provider made nothing for this line");
        }
        // OpenAI's content-policy codes, as a call's answer reads them (OpenAiWire.ERRORS)
        String code = response.path("body").path("error").path("code").asText("");
        return REFUSALS.contains(code) ? new Answer.Refused(message) : new Answer.Failed(message);
    }

    @Override
    public List<GeneratedImage> images(ProviderSpec provider, String body) {
        return OpenAiWire.answer(new ByteArrayInputStream(body.getBytes(StandardCharsets.UTF_8)), provider.id())
                .images(upstream, provider, ProviderHosts.baseOnly().at(base(provider)));
    }

    private JsonNode call(ProviderSpec provider, HttpRequest.Builder request) {
        Auth.bearer().of(provider).sign(request);
        HttpResponse<byte[]> response = upstream.send(provider, request.build());
        if (response.statusCode() != 200) {
            throw OpenAiWire.ERRORS.read(upstream, provider, response, response.body());
        }
        return upstream.object(provider, response);
    }

    private static String text(ProviderSpec provider, JsonNode answer, String pointer) {
        String value = answer.at(pointer).asText(null);
        if (value == null || value.isBlank()) {
            throw ProviderException.failed(provider.id() + " answered without " + pointer.substring(1));
        }
        return value;
    }

    private static String base(ProviderSpec provider) {
        return Upstream.base(provider, OpenAiImageGenerator.OPENAI_BASE);
    }
}
