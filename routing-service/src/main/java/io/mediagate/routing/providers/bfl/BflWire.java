package io.mediagate.routing.providers.bfl;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Black Forest Labs' wire, no I/O: the generation and edit requests from our task, and a job's result as BFL answers it
 * at its {@code polling_url} ({@code status} {@code Pending} with a {@code progress} fraction, {@code Ready} with
 * {@code result.sample}, {@code Request Moderated} or {@code Content Moderated}, {@code Error}, {@code Task not found}).
 */
final class BflWire {
    /** BFL's errors: {@code {"detail": ...}}, a message or a list of validation errors. */
    static final ErrorReader ERRORS = ErrorReader.message("/detail");

    private BflWire() {
    }

    /**
     * A text-to-image request: FLUX Kontext takes the shape as {@code aspect_ratio} (it has no width or height, and
     * would make its default 1:1 square); the other models {@code width} and {@code height} in multiples of 32.
     */
    static Map<String, Object> generation(ImageTask task) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("prompt", task.prompt());
        if (task.upstreamModel().contains("kontext")) {
            body.put("aspect_ratio", Upstream.ratio(task.width(), task.height()));
        } else {
            body.put("width", multipleOf32(task.width()));
            body.put("height", multipleOf32(task.height()));
        }
        body.put("output_format", task.option("outputFormat", "png"));
        task.params().forEach(body::putIfAbsent);
        return body;
    }

    /**
     * An edit: FLUX Fill ({@code flux-pro-1.0-fill}, any upstream model named {@code *fill*}) takes {@code image} and
     * {@code mask} in base64, the mask white where the image changes (the whole picture without one); FLUX Kontext and
     * the others take the sources as {@code input_image}, {@code input_image_2}, ... (up to four) and the shape as a ratio.
     */
    static Map<String, Object> edit(ImageTask task, List<SourceImage> images, SourceImage mask) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("prompt", task.prompt());
        SourceImage source = images.getFirst();
        if (task.upstreamModel().contains("fill")) {
            body.put("image", source.base64());
            body.put("mask", (mask == null ? source.everythingMask() : mask.whiteWhereTransparent()).base64());
        } else {
            for (int i = 0; i < Math.min(4, images.size()); i++) {
                body.put(i == 0 ? "input_image" : "input_image_" + (i + 1), images.get(i).base64());
            }
            body.put("aspect_ratio", Upstream.ratio(task.width(), task.height()));
        }
        body.put("output_format", task.option("outputFormat", "png"));
        task.params().forEach(body::putIfAbsent);
        return body;
    }

    /** One look at a job: pending with its progress, the sample's URL, or how it ended. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode state) {
        String status = String.valueOf(Upstream.text(state, "status"));
        return switch (status) {
            case "Pending" -> Poller.pending(percent(state.get("progress")));
            case "Ready" -> {
                String sample = Upstream.text(state.path("result"), "sample");
                if (sample == null) {
                    throw ProviderException.failed(provider.id() + " is Ready without a sample");
                }
                yield Poller.done(sample);
            }
            case "Request Moderated", "Content Moderated" ->
                    throw ProviderException.moderated("the prompt was refused by the provider's content policy");
            case "Error" -> Poller.failed(ProviderException.failed(provider.id() + " failed the job"));
            case "Task not found" -> Poller.failed(ProviderException.failed(provider.id() + " lost the job"));
            default -> throw ProviderException.failed(provider.id() + " answered an unknown status " + status);
        };
    }

    /** BFL reports progress as a fraction (or null). */
    private static Integer percent(JsonNode progress) {
        if (progress == null || !progress.isNumber()) {
            return null;
        }
        double p = progress.asDouble();
        return (int) Math.round(p <= 1 ? p * 100 : p);
    }

    /**
     * What a job costs in US dollars, from its submit answer's {@code cost} in credits of $0.01 (docs.bfl.ai, "Pricing":
     * "the cost field shows the credits charged"); empty where the answer gives none.
     */
    static java.util.Optional<java.math.BigDecimal> cost(com.fasterxml.jackson.databind.JsonNode answer) {
        com.fasterxml.jackson.databind.JsonNode cost = answer.path("cost");
        return cost.isNumber() && cost.decimalValue().signum() >= 0
                ? java.util.Optional.of(cost.decimalValue().movePointLeft(2).stripTrailingZeros()) : java.util.Optional.empty();
    }

    /** Widths and heights are multiples of 32 from 256 to 1440. */
    static int multipleOf32(int side) {
        return Math.max(256, Math.min(1440, Math.round(side / 32f) * 32));
    }
}
