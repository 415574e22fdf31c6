package io.mediagate.routing.providers.xai;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.openai.OpenAiWire;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

/**
 * xAI images ({@code adapter: xai}, default base {@code https://api.x.ai/v1}): {@code POST /images/generations} and
 * {@code POST /images/edits}, both JSON with a Bearer key ({@link XaiWire} maps the task). The answer is OpenAI's
 * {@code data[]} shape. xAI refuses a wrong key with a 400 whose text names the API key: that is refused credentials,
 * not the caller's fault; a 400 whose text speaks of moderation or safety is a content-policy refusal; other errors
 * go by their status. A mask is not sent: xAI documents none for this adapter to map ours to.
 */
public class XaiImageGenerator implements ImageGenerator, ImageEditor {
    private static final Auth AUTH = Auth.bearer();
    public static final String XAI_BASE = "https://api.x.ai/v1";
    private final Upstream upstream;

    public XaiImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return call(provider, upstream.postJson(Upstream.base(provider, XAI_BASE) + "/images/generations", XaiWire.generation(task)));
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        return call(provider, upstream.postJson(Upstream.base(provider, XAI_BASE) + "/images/edits", XaiWire.edit(task, images)));
    }

    private List<GeneratedImage> call(ProviderSpec provider, HttpRequest.Builder request) {
        AUTH.of(provider).sign(request);
        HttpResponse<InputStream> response = upstream.stream(provider, request.build());
        if (response.statusCode() != 200) {
            throw XaiWire.ERRORS.read(upstream, provider, response, Upstream.drain(response));
        }
        // Asked for b64_json: a URL answer is followed only on the API's own host.
        ProviderHosts.Allowed hosts = ProviderHosts.baseOnly().at(Upstream.base(provider, XAI_BASE));
        return OpenAiWire.items(response.body(), provider.id()).stream().map(item -> item.fetch(upstream, provider, hosts)).toList();
    }
}
