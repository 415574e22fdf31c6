package io.mediagate.routing.providers.bfl;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.WireJson;
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
     * {@code POST /v1/{model}}: a generation ({@code width} and {@code height}, or FLUX Kontext's {@code aspect_ratio}),
     * FLUX Fill's edit ({@code image} and {@code mask}) or another edit (up to four {@code input_image}s and the ratio);
     * the offer's free parameters follow the declared fields.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(String prompt, Integer width, Integer height, @JsonProperty("aspect_ratio") String aspectRatio, String image,
                   String mask, @JsonProperty("input_image") String inputImage, @JsonProperty("input_image_2") String inputImage2,
                   @JsonProperty("input_image_3") String inputImage3, @JsonProperty("input_image_4") String inputImage4,
                   @JsonProperty("output_format") String outputFormat, @JsonAnyGetter Map<String, Object> extra) {
    }

    /** A job's status at its {@code polling_url}; one this version does not know reads as {@code UNKNOWN}. */
    enum Status {
        @JsonProperty("Pending") PENDING,
        @JsonProperty("Ready") READY,
        @JsonProperty("Request Moderated") REQUEST_MODERATED,
        @JsonProperty("Content Moderated") CONTENT_MODERATED,
        @JsonProperty("Error") ERROR,
        @JsonProperty("Task not found") TASK_NOT_FOUND,
        @JsonEnumDefaultValue UNKNOWN
    }

    /** A job's result: the fields read of it ({@code progress} a fraction, or a percent, or null). */
    record Job(Status status, JsonNode progress, Result result) {}

    record Result(String sample) {}

    /**
     * A text-to-image request: FLUX Kontext takes the shape as {@code aspect_ratio} (it has no width or height, and
     * would make its default 1:1 square); the other models {@code width} and {@code height} in multiples of 32.
     */
    static Request generation(ImageTask task) {
        boolean kontext = task.upstreamModel().contains("kontext");
        return new Request(task.prompt(), kontext ? null : multipleOf32(task.width()), kontext ? null : multipleOf32(task.height()),
                kontext ? Shapes.ratio(task.width(), task.height()) : null, null, null, null, null, null, null,
                task.option("outputFormat", "png"), WireJson.extra(task.params(), Request.class));
    }

    /**
     * An edit: FLUX Fill ({@code flux-pro-1.0-fill}, any upstream model named {@code *fill*}) takes {@code image} and
     * {@code mask} in base64, the mask white where the image changes (the whole picture without one); FLUX Kontext and
     * the others take the sources as {@code input_image}, {@code input_image_2}, ... (up to four) and the shape as a ratio.
     */
    static Request edit(ImageTask task, List<SourceImage> images, SourceImage mask) {
        String format = task.option("outputFormat", "png");
        Map<String, Object> extra = WireJson.extra(task.params(), Request.class);
        SourceImage source = images.getFirst();
        if (task.upstreamModel().contains("fill")) {
            return new Request(task.prompt(), null, null, null, source.base64(),
                    (mask == null ? source.everythingMask() : mask.whiteWhereTransparent()).base64(), null, null, null, null, format, extra);
        }
        String[] inputs = new String[4];
        for (int i = 0; i < Math.min(4, images.size()); i++) {
            inputs[i] = images.get(i).base64();
        }
        return new Request(task.prompt(), null, null, Shapes.ratio(task.width(), task.height()), null, null, inputs[0], inputs[1],
                inputs[2], inputs[3], format, extra);
    }

    /** One look at a job: pending with its progress, the sample's URL, or how it ended. */
    static Poller.Poll<String> state(ProviderSpec provider, JsonNode answer) {
        Job job = WireJson.read(provider, answer, Job.class);
        Status status = job.status() == null ? Status.UNKNOWN : job.status();
        return switch (status) {
            case PENDING -> Poller.pending(percent(job.progress()));
            case READY -> {
                String sample = job.result() == null ? null : job.result().sample();
                if (sample == null) {
                    throw ProviderException.failed(provider.id() + " is Ready without a sample");
                }
                yield Poller.done(sample);
            }
            case REQUEST_MODERATED, CONTENT_MODERATED ->
                    throw ProviderException.moderated("the prompt was refused by the provider's content policy");
            case ERROR -> Poller.failed(ProviderException.failed(provider.id() + " failed the job"));
            case TASK_NOT_FOUND -> Poller.failed(ProviderException.failed(provider.id() + " lost the job"));
            case UNKNOWN -> throw ProviderException.failed(provider.id() + " answered an unknown status " + Shapes.text(answer, "status"));
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
        // a cost too large for a double (1e999 reads as infinity) is no cost
        return cost.isNumber() && !(cost.isFloatingPointNumber() && !Double.isFinite(cost.doubleValue())) && cost.decimalValue().signum() >= 0
                ? java.util.Optional.of(cost.decimalValue().movePointLeft(2).stripTrailingZeros()) : java.util.Optional.empty();
    }

    /** Widths and heights are multiples of 32 from 256 to 1440. */
    static int multipleOf32(int side) {
        return Math.max(256, Math.min(1440, Math.round(side / 32f) * 32));
    }
}
