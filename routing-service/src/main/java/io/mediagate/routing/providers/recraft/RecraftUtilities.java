package io.mediagate.routing.providers.recraft;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ImageUtilities;
import io.mediagate.routing.providers.Multipart;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Recraft's image tools ({@code adapter: recraft}): a multipart form to {@code /images/<upstream model>}
 * ({@code crispUpscale} or {@code creativeUpscale} for an upscale, {@code removeBackground}), the picture as {@code image},
 * asked for {@code response_format=b64_json} and {@code image_format=png}; answered with one image, not a list:
 * {@code {"created", "credits", "image": {"image_id", "b64_json" | "url"}}}. As Recraft's own client sends it
 * (recraft-ai/mcp-recraft-server, {@code ImageApi}, generated from Recraft's OpenAPI document, 2025-08-06; its API
 * reference's examples name the part {@code file}, 2026-11-29). An upscale is Recraft's own factor (routing fits it to the size asked); a background removal keeps the size.
 * Pictures Recraft does not take (over 4096 a side or 16 megapixels; under 32 a side for an upscale, 256 for a background
 * removal) are this offer's fault, so routing tries another.
 */
public class RecraftUtilities implements ImageUtilities {
    private static final Auth AUTH = Auth.bearer();
    private final Upstream upstream;

    public RecraftUtilities(Upstream upstream) {
        this.upstream = upstream;
    }

    /** The tools of each utility, under {@code /images/}. */
    static final Map<String, Set<String>> TOOLS = Map.of(ImageSources.UPSCALE, Set.of("crispUpscale", "creativeUpscale"),
            ImageSources.REMOVE_BACKGROUND, Set.of("removeBackground"));

    @Override
    public Set<String> operations() {
        return TOOLS.keySet();
    }

    @Override
    public List<GeneratedImage> apply(ProviderSpec provider, String operation, ImageTask task, SourceImage source) {
        String tool = task.upstreamModel();
        ImageUtilities.requireTool(provider, operation, tool, TOOLS);
        int least = ImageSources.UPSCALE.equals(operation) ? 32 : 256;
        if (source.width() < least || source.height() < least || source.width() > 4096 || source.height() > 4096
                || (long) source.width() * source.height() > 16_777_216L) {
            throw ProviderException.rejected(provider.id() + " takes pictures of " + least + " to 4096 pixels a side and at most 16 megapixels, not "
                    + source.width() + "x" + source.height(), "image_url").offersFault();
        }
        Multipart form = new Multipart()
                .file("image", "image." + ContentSniffer.extension(source.mime()), source.mime(), source.bytes())
                .field("response_format", "b64_json")
                .field("image_format", "png");
        String base = Upstream.base(provider, RecraftImageGenerator.BASE);
        HttpRequest.Builder request = upstream.request(base + "/images/" + tool).header("Content-Type", form.contentType())
                .header("Accept", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(form.bytes()));
        AUTH.of(provider).sign(request);
        HttpResponse<byte[]> response = upstream.send(provider, request.build());
        if (response.statusCode() != 200) {
            throw RecraftImageGenerator.ERRORS.read(upstream, provider, response, response.body());
        }
        JsonNode image = upstream.object(provider, response).path("image");
        String inline = Shapes.text(image, "b64_json");
        if (inline != null) {
            return List.of(Shapes.inline(provider, inline, null));
        }
        String url = Shapes.text(image, "url");
        if (url == null) {
            throw ProviderException.failed(provider.id() + " answered no image");
        }
        // asked for b64_json: a URL answer is followed only on the API's own host
        return upstream.images(provider, ProviderHosts.baseOnly().at(base), List.of(url));
    }
}
