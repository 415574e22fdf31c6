package io.mediagate.routing.providers.openai;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.Base64Variants;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Multipart;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.WireJson;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Pure mapping between our image task and the OpenAI images wire format
 * ({@code POST /images/generations}, {@code POST /images/edits}), for any OpenAI-compatible server. The answer's
 * reader ({@link #items}) is public: other providers answer in the same {@code data[]} shape.
 */
public final class OpenAiWire {
    private OpenAiWire() {
    }

    /**
     * {@code POST /images/generations}: model (when the endpoint names it), prompt, n, size, optional response_format,
     * {@code stream} and {@code partial_images} for a streamed job; the offer's features follow the declared fields.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record Request(String model, String prompt, int n, String size, @JsonProperty("response_format") String responseFormat,
                   Boolean stream, @JsonProperty("partial_images") Integer partialImages, @JsonAnyGetter Map<String, Object> extra) {
    }

    /** The request body: model (when {@code withModel}), prompt, n, size, optional response_format, then the offer's features. */
    static Request requestBody(ImageTask task, boolean withModel) {
        Map<String, Object> extra = WireJson.extra(task.params(), Request.class);
        extra.keySet().removeAll(EDIT_ONLY);
        boolean streamed = streamed(task);
        return new Request(withModel ? task.upstreamModel() : null, task.prompt(), task.n(), task.width() + "x" + task.height(),
                task.option("responseFormat", null), streamed ? Boolean.TRUE : null, streamed ? task.control().partialImages() : null, extra);
    }

    /** Whether the job wants partial images, so the call streams ({@code stream: true}, {@code partial_images}). */
    static boolean streamed(ImageTask task) {
        return task.control() != null && task.control().partialImages() > 0;
    }

    /** Parameters only the edits endpoint takes (the generations endpoint refuses them). */
    static final Set<String> EDIT_ONLY = Set.of("input_fidelity");

    /** Parameters only the generations endpoint takes (the official SDKs' ImageEditParams have neither). */
    static final Set<String> GENERATION_ONLY = Set.of("moderation", "style");

    /**
     * The edit form: model (when {@code withModel}), prompt, n, size, every source as {@code image[]} (OpenAI's array field for one
     * image or several), the mask, then the offer's features (quality, background, output_format, ...).
     */
    static Multipart editForm(ImageTask task, List<SourceImage> images, SourceImage mask, boolean withModel) {
        Multipart form = new Multipart();
        if (withModel) {
            form.field("model", task.upstreamModel());
        }
        form.field("prompt", task.prompt()).field("n", task.n()).field("size", task.width() + "x" + task.height());
        for (int i = 0; i < images.size(); i++) {
            SourceImage image = images.get(i);
            form.file("image[]", "image_" + i + "." + ContentSniffer.extension(image.mime()), image.mime(), image.bytes());
        }
        if (mask != null) {
            form.file("mask", "mask.png", mask.mime(), mask.bytes());
        }
        form.field("response_format", task.option("responseFormat", null));
        task.params().forEach((name, value) -> {
            if (!GENERATION_ONLY.contains(name)) {
                form.field(name, value);
            }
        });
        if (streamed(task)) {
            form.field("stream", "true").field("partial_images", task.control().partialImages());
        }
        return form;
    }

    /** One item of {@code data}: exactly one of {@code url} and the image decoded from {@code b64_json}. */
    public record Item(String url, byte[] image, String revisedPrompt) {
        /**
         * The image: the decoded bytes, or the {@code url} downloaded at once through the safe fetch when it is on one of
         * the provider's {@code hosts}.
         */
        public GeneratedImage fetch(Upstream upstream, ProviderSpec provider, ProviderHosts.Allowed hosts) {
            if (image != null) {
                return Shapes.bytes(provider, image, revisedPrompt);
            }
            GeneratedImage downloaded = upstream.images(provider, hosts, List.of(url)).getFirst();
            return new GeneratedImage(downloaded.bytes(), downloaded.mime(), revisedPrompt);
        }
    }

    private static final JsonFactory JSON = new JsonFactory();

    /** The images of a 200 response and what the provider says it made (null when it says nothing). */
    public record Answer(List<Item> items, GeneratedImage.Made made) {
        /** The images, each downloaded where only its URL was given (from one of {@code hosts}), with what was made. */
        public List<GeneratedImage> images(Upstream upstream, ProviderSpec provider, ProviderHosts.Allowed hosts) {
            return items.stream().map(item -> item.fetch(upstream, provider, hosts))
                    .map(image -> made == null ? image : new GeneratedImage(image.bytes(), image.mime(), image.revisedPrompt(), made))
                    .toList();
        }
    }

    /** The items of a 200 response: {@link #answer}'s. */
    public static List<Item> items(InputStream body, String provider) {
        return answer(body, provider).items();
    }

    /**
     * A 200 response, read as the body streams in: each {@code b64_json} is decoded on the way, so neither the body nor the
     * base64 text is ever held whole; the GPT image models' {@code quality}, {@code background} and {@code usage} (read by
     * kind, {@link OpenAiUsage}: what a token-billed offer charges, once for the call) are kept as what was made. A body that is not what OpenAI sends is a retryable failure.
     */
    public static Answer answer(InputStream body, String provider) {
        List<Item> items = new ArrayList<>();
        boolean sawData = false;
        String quality = null;
        String background = null;
        Map<String, Object> usage = null;
        try (InputStream in = body; JsonParser p = JSON.createParser(in)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw ProviderException.failed(provider + " answered without images");
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if ("data".equals(field) && value == JsonToken.START_ARRAY) {
                    sawData = true;
                    while (p.nextToken() == JsonToken.START_OBJECT) {
                        items.add(item(p, provider));
                    }
                } else if ("quality".equals(field) && value == JsonToken.VALUE_STRING) {
                    quality = p.getText();
                } else if ("background".equals(field) && value == JsonToken.VALUE_STRING) {
                    background = p.getText();
                } else if ("usage".equals(field) && value == JsonToken.START_OBJECT) {
                    usage = USAGE.readValue(p, USAGE.getTypeFactory().constructMapType(LinkedHashMap.class, String.class, Object.class));
                } else {
                    p.skipChildren();
                }
            }
        } catch (IOException e) {
            throw ProviderException.failed(provider + " answered with a body that is not the expected JSON");
        }
        if (!sawData || items.isEmpty()) {
            throw ProviderException.failed(provider + " answered without images");
        }
        return new Answer(items, quality == null && background == null && usage == null ? null
                : new GeneratedImage.Made(quality, background, usage, OpenAiUsage.tokens(usage), null));
    }

    private static final ObjectMapper USAGE = new ObjectMapper();

    private static Item item(JsonParser p, String provider) throws IOException {
        String url = null;
        byte[] image = null;
        String revised = null;
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String field = p.currentName();
            JsonToken value = p.nextToken();
            if (value == JsonToken.VALUE_STRING && "b64_json".equals(field)) {
                image = p.getBinaryValue(Base64Variants.MIME_NO_LINEFEEDS);
            } else if (value == JsonToken.VALUE_STRING && "url".equals(field)) {
                url = p.getText();
            } else if (value == JsonToken.VALUE_STRING && "revised_prompt".equals(field)) {
                revised = p.getText();
            } else {
                p.skipChildren();
            }
        }
        if (url == null && image == null) {
            throw ProviderException.failed(provider + " answered an image with neither url nor b64_json");
        }
        return new Item(url, image, revised);
    }

    /**
     * OpenAI's errors, {@code {"error": {message, type, param, code}}}: {@code param} is the request field faulted; the
     * code decides whatever the status: moderation ends the request; an account out of quota (a 429 or 400 about money)
     * makes the provider unavailable, since no retry there helps; a model (OpenAI) or deployment (Azure) that does not
     * exist is gone. Other answers are read by their status.
     */
    public static final ErrorReader ERRORS = ErrorReader.message("/error/message").param("/error/param")
            .codes("/error/code", Map.of("moderation_blocked", FailureClass.MODERATION, "content_policy_violation", FailureClass.MODERATION,
                    "insufficient_quota", FailureClass.QUOTA, "billing_hard_limit_reached", FailureClass.QUOTA,
                    "model_not_found", FailureClass.GONE, "DeploymentNotFound", FailureClass.GONE));
}
