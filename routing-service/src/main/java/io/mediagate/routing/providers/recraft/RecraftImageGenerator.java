package io.mediagate.routing.providers.recraft;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonProperty;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.ErrorReader;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Multipart;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.WireJson;
import io.mediagate.routing.providers.openai.OpenAiWire;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;

/**
 * Recraft ({@code adapter: recraft}, default base {@code https://external.api.recraft.ai/v1}, Bearer token):
 * {@code POST /images/generations} in JSON, answered in OpenAI's {@code data[]} shape (asked for as {@code b64_json});
 * edits as multipart forms, with a mask to {@code /images/inpaint} (Recraft's mask is white where the image changes),
 * without one to {@code /images/imageToImage} with the offer's {@code strength} (default 0.5). The body of a failure is
 * plain text or JSON, varying by error (a wrong token is a 401 {@code request unauthorized} in text), so its status
 * decides. Recraft documents no moderation answer of its own. Vector models (names ending in {@code _vector}) answer
 * SVG, kept as {@code image/svg+xml} like any other result.
 */
public class RecraftImageGenerator implements ImageGenerator, ImageEditor {
    /** Recraft's errors: text, or JSON with the message under {@code message}, {@code detail} or {@code error}. */
    static final ErrorReader ERRORS = ErrorReader.message("/message", "/detail", "/error/message", "/error");
    private static final Auth AUTH = Auth.bearer();
    static final String BASE = "https://external.api.recraft.ai/v1";
    private final Upstream upstream;

    public RecraftImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    /** {@code POST /images/generations}: the offer's free parameters follow the declared fields. */
    record Generation(String prompt, String model, int n, String size, @JsonProperty("response_format") String responseFormat,
                      @JsonAnyGetter Map<String, Object> extra) {

        static Generation of(ImageTask task) {
            return new Generation(task.prompt(), task.upstreamModel(), task.n(), task.width() + "x" + task.height(), "b64_json",
                    WireJson.extra(task.params(), Generation.class));
        }
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return call(provider, upstream.postJson(Upstream.base(provider, BASE) + "/images/generations", Generation.of(task)));
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        SourceImage source = images.getFirst();
        Multipart form = new Multipart()
                .file("image", "image." + ContentSniffer.extension(source.mime()), source.mime(), source.bytes())
                .field("prompt", task.prompt())
                .field("model", task.upstreamModel())
                .field("n", task.n())
                .field("response_format", "b64_json");
        String path;
        if (mask != null) {
            SourceImage white = mask.whiteWhereTransparent();
            form.file("mask", "mask.png", white.mime(), white.bytes());
            path = "/images/inpaint";
        } else {
            form.field("strength", task.option("strength", "0.5"));
            path = "/images/imageToImage";
        }
        task.params().forEach(form::field);
        return call(provider, upstream.request(Upstream.base(provider, BASE) + path).header("Content-Type", form.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(form.bytes())));
    }

    private List<GeneratedImage> call(ProviderSpec provider, HttpRequest.Builder request) {
        AUTH.of(provider).sign(request).header("Accept", "application/json");
        HttpResponse<InputStream> response = upstream.stream(provider, request.build());
        if (response.statusCode() != 200) {
            throw ERRORS.read(upstream, provider, response, Upstream.drain(response));
        }
        // Asked for b64_json: a URL answer is followed only on the API's own host.
        ProviderHosts.Allowed hosts = ProviderHosts.baseOnly().at(Upstream.base(provider, BASE));
        return OpenAiWire.items(response.body(), provider.id()).stream().map(item -> item.fetch(upstream, provider, hosts)).toList();
    }
}
