package io.mediagate.gateway.images;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.RetiredModel;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.values.Framing;
import io.mediagate.common.values.Size;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.generation.RequestFields;
import io.mediagate.gateway.support.JsonBody;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Validates the body of {@code POST /v1/images/generations} as far as it can be checked without the
 * catalog (model, size and extras against the model are checked by routing), with its GPT image output parameters
 * ({@link ImageOptionFields}).
 */
public final class ImageRequests {
    static final int MAX_PROMPT = 1000;
    /** The longest side a size may name here (the largest a model offers, Gemini 3 Pro Image's 5504x3072, fits). */
    static final int MAX_SIDE = 8192;
    private static final Pattern SIZE = Pattern.compile("([0-9]{1,5})x([0-9]{1,5})");
    private static final Set<String> KNOWN = known();

    private ImageRequests() {
    }

    private static Set<String> known() {
        Set<String> known = new HashSet<>(Set.of("model", "prompt", "size", "aspect_ratio", "resolution", "n", "provider", "routing",
                "public", "response_format", "stream", "partial_images", "reference_image_urls", RetiredModel.UPGRADES, RequestFields.QUOTE_ID, RequestFields.REUSE));
        known.addAll(ImageOptions.NAMES);
        return Set.copyOf(known);
    }

    /**
     * The request from fields already gathered, for a generation or, with {@code sources}, an edit or a
     * variation (a variation has no prompt); {@code partialImages}: how many a streamed request asks for (0–3), -1 when it is
     * not streamed.
     */
    public static GenerationRequest parse(ObjectMapper json, JsonBody in, Caller caller, String jobId, String requestId,
                                   Instant acceptedAt, ImageSources sources, int partialImages) {
        String model = RequestFields.model(in);
        if (sources == null) {
            sources = references(in);
        } else if (in.node().has("reference_image_urls")) {
            throw ApiException.invalid("reference_image_urls", "an edit's pictures are its images; reference_image_urls is for generations");
        }
        String prompt = sources != null && sources.variation() ? null : RequestFields.prompt(in, MAX_PROMPT);
        // OpenAI's "auto" leaves the size to the model: its default size here.
        Size size = in.string("size").filter(s -> !s.equals("auto")).map(ImageRequests::checkSize).orElse(null);
        Framing framing = Framing.of(in.string("aspect_ratio").orElse(null), in.string("resolution").orElse(null), false);
        int n = in.integer("n").orElse(1);
        if (n < 1 || n > 10) {
            throw ApiException.invalid("n", "n must be between 1 and 10");
        }
        String provider = RequestFields.provider(in);
        String routing = RequestFields.routing(in);
        boolean isPublic = in.bool("public").orElse(true);
        String format = responseFormat(in.string("response_format").orElse(null));
        ImageOptions read = ImageOptionFields.read(in, sources != null && !sources.variation());
        ImageOptions options = partialImages >= 0 ? read.withPartialImages(partialImages) : read;
        Map<String, Object> extras = in.rest(json, KNOWN);
        boolean reuse = RequestFields.reuse(in, extras, caller);
        var origin = new GenerationRequest.Origin(jobId, requestId, caller.accountId(), caller.tier(), caller.keyId(), acceptedAt);
        return GenerationRequest.image(origin, new GenerationRequest.Ask(model, provider, routing, prompt, size, isPublic, extras, framing), n, format,
                sources, options.empty() ? null : options).withModelUpgrades(RequestFields.modelUpgrades(in, caller))
                .quoted(RequestFields.quoteId(in)).withReuse(reuse);
    }

    /** At most this many reference pictures, as an edit's images. */
    static final int MAX_REFERENCES = 16;

    /**
     * A generation's {@code reference_image_urls}: 1 to 16 pictures, each an https URL or one of the caller's media ids
     * ({@code med_…}), made by the model's edit (fetched, checked and kept when the job runs); null without them.
     */
    static ImageSources references(JsonBody in) {
        List<String> urls = RequestFields.urlsOrMedia(in, "reference_image_urls", MAX_REFERENCES);
        return urls == null ? null : new ImageSources(ImageSources.REFERENCES, urls, null);
    }

    /** {@code url} (the default) or {@code b64_json}: the stored item's URL, or that and its bytes inline. */
    static String responseFormat(String format) {
        if (format == null || format.isEmpty()) {
            return "url";
        }
        if (!format.equals("url") && !format.equals(InlineImages.FORMAT)) {
            throw ApiException.invalid("response_format", "response_format must be url or b64_json");
        }
        return format;
    }

    static Size checkSize(String size) {
        Matcher m = SIZE.matcher(size);
        if (!m.matches()) {
            throw ApiException.invalid("size", "size must look like 1024x1024");
        }
        int w = Integer.parseInt(m.group(1));
        int h = Integer.parseInt(m.group(2));
        if (w < 1 || h < 1 || w > MAX_SIDE || h > MAX_SIDE) {
            throw ApiException.invalid("size", "each side of size must be between 1 and " + MAX_SIDE);
        }
        return Size.frame(w, h);
    }
}
