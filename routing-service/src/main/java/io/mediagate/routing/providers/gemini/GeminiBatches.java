package io.mediagate.routing.providers.gemini;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageBatches;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.regex.Pattern;

/**
 * Gemini's batch mode for image generations: {@code POST models/{model}:batchGenerateContent} with the lines inline
 * ({@code {batch: {displayName, inputConfig: {requests: {requests: [{request, metadata: {key}}]}}}}}, each request the
 * body of a {@code :generateContent} call), answered with an operation named {@code batches/…}; {@code GET batches/{id}}
 * is looked at until its {@code metadata.state} ends ({@code BATCH_STATE_SUCCEEDED}, {@code _FAILED}, {@code _CANCELLED},
 * {@code _EXPIRED}: pending or running for 48 hours, without results), and a succeeded batch's
 * {@code metadata.output.inlinedResponses.inlinedResponses[]} give each line's {@code response} or {@code error}, with the
 * line's {@code metadata}. Our id of the batch is its {@code displayName}, found again by listing {@code GET batches}.
 * A line makes one image (a Gemini call makes one), so only single images go this way; Google recommends inline requests
 * for batches under 20 MB, so a batch here holds few lines ({@code maxLines}).
 */
public class GeminiBatches implements ImageBatches {
    private static final Auth AUTH = Auth.header("x-goog-api-key");
    private static final Set<String> PENDING = Set.of("BATCH_STATE_PENDING", "BATCH_STATE_RUNNING", "BATCH_STATE_UNSPECIFIED");
    /** A batch's name as Google gives it, checked before it goes into a URL path. */
    private static final Pattern NAME = Pattern.compile("batches/[A-Za-z0-9_-]{1,200}");
    private final Upstream upstream;
    private final int maxLines;

    public GeminiBatches(Upstream upstream, int maxLines) {
        this.upstream = upstream;
        this.maxLines = maxLines;
    }

    @Override
    public boolean takes(ImageTask task) {
        return task.n() == 1 && ImageBatches.super.takes(task);
    }

    @Override
    public Object line(ImageTask task) {
        return GeminiWire.generateContent(task, List.of());
    }

    @Override
    public int maxLines() {
        return maxLines;
    }

    @Override
    public String submit(ProviderSpec provider, String upstreamModel, String label, List<Line> lines) {
        List<Map<String, Object>> requests = new ArrayList<>();
        for (Line line : lines) {
            requests.add(Map.of("request", line.body(), "metadata", Map.of("key", line.key())));
        }
        Map<String, Object> body = Map.of("batch", Map.of("displayName", label,
                "inputConfig", Map.of("requests", Map.of("requests", requests))));
        JsonNode operation = call(provider, upstream.postJson(Upstream.base(provider, GeminiImageGenerator.BASE) + "/models/"
                + upstreamModel + ":batchGenerateContent", body));
        return name(provider, operation.path("name").asText(null));
    }

    @Override
    public Optional<String> find(ProviderSpec provider, String label) {
        JsonNode list = call(provider, upstream.request(Upstream.base(provider, GeminiImageGenerator.BASE) + "/batches?pageSize=100")
                .header("Accept", "application/json").GET());
        for (JsonNode operation : list.path("operations")) {
            if (label.equals(operation.path("metadata").path("displayName").asText(null))) {
                return Optional.of(name(provider, operation.path("name").asText(null)));
            }
        }
        return Optional.empty();
    }

    @Override
    public Look look(ProviderSpec provider, String id, BiConsumer<String, Answer> answers) {
        JsonNode operation = call(provider, upstream.request(Upstream.base(provider, GeminiImageGenerator.BASE) + "/" + name(provider, id))
                .header("Accept", "application/json").GET());
        JsonNode metadata = operation.path("metadata");
        String state = metadata.path("state").asText("BATCH_STATE_UNSPECIFIED");
        if (PENDING.contains(state)) {
            return new Look.Pending(state);
        }
        if (!"BATCH_STATE_SUCCEEDED".equals(state)) {
            return new Look.Lost(state);
        }
        JsonNode inlined = metadata.path("output").path("inlinedResponses").path("inlinedResponses");
        if (!inlined.isArray()) {
            inlined = operation.path("response").path("inlinedResponses").path("inlinedResponses");
        }
        for (JsonNode line : inlined) {
            String key = line.path("metadata").path("key").asText(null);
            if (key == null) {
                continue;
            }
            if (line.path("response").isObject()) {
                answers.accept(key, new Answer.Made(line.path("response").toString()));
            } else {
                answers.accept(key, new Answer.Failed(line.path("error").path("message").asText("the provider made nothing for this line")));
            }
        }
        return new Look.Ended(state);
    }

    @Override
    public List<GeneratedImage> images(ProviderSpec provider, String body) {
        JsonNode answer = upstream.read(body.getBytes(StandardCharsets.UTF_8));
        if (answer == null || !answer.isObject()) {
            throw ProviderException.failed(provider.id() + "'s batch answer is not the expected JSON");
        }
        return GeminiImageGenerator.images(provider, answer);
    }

    private JsonNode call(ProviderSpec provider, HttpRequest.Builder request) {
        HttpResponse<byte[]> response = upstream.send(provider, request.headers(AUTH.of(provider).header()).build());
        if (response.statusCode() != 200) {
            throw GoogleErrors.ERRORS.read(upstream, provider, response, response.body());
        }
        return upstream.object(provider, response);
    }

    private static String name(ProviderSpec provider, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw ProviderException.failed(provider.id() + " answered a batch name that is not one: " + name);
        }
        return name;
    }
}
