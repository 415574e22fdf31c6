package io.mediagate.routing.providers.openai;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Multipart;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.io.InputStream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Set;

/**
 * OpenAI images ({@code adapter: openai}, default base {@code https://api.openai.com/v1}) and any
 * OpenAI-compatible images endpoint ({@code adapter: openai-compatible}, the catalog gives the base URL), and, through
 * another {@link Endpoint}, the same wire at an Azure OpenAI deployment.
 * GPT image models answer base64, decoded as the answer streams in and stored by us; {@code url} answers (dall-e, compatible servers) are
 * downloaded at once through the safe fetch. The offer's features carry {@code quality},
 * {@code background}, {@code output_format} and the like straight through. The key is sent when the
 * provider names one ({@code apiKeyEnv}); a compatible server without one is called without. Edits go to
 * {@code /images/edits} as multipart, answered like generations. (Variations were dall-e-2 only, which
 * OpenAI retired on 2026-05-12, so this adapter does not offer them.) A streamed job asking for partial images is sent
 * {@code stream: true} and {@code partial_images}, and OpenAI's partials are passed on as they come ({@link OpenAiStream}).
 */
public class OpenAiImageGenerator implements ImageGenerator, ImageEditor {
    public static final String OPENAI_BASE = "https://api.openai.com/v1";
    private final Upstream upstream;
    private final Endpoint endpoint;

    /** @param defaultBase the base URL when the catalog gives none, or null to require one */
    public OpenAiImageGenerator(Upstream upstream, String defaultBase) {
        this(upstream, Endpoint.openAi(defaultBase));
    }

    /** The OpenAI images wire at another kind of endpoint (e.g. an Azure OpenAI deployment). */
    public OpenAiImageGenerator(Upstream upstream, Endpoint endpoint) {
        this.upstream = upstream;
        this.endpoint = endpoint;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return call(provider, task, upstream.postJson(endpoint.url(provider, task, "generations"),
                OpenAiWire.requestBody(task, endpoint.namesModel())));
    }

    /**
     * OpenAI's two endpoints take the same options but for these: edits have no {@code moderation} or {@code style},
     * generations no {@code input_fidelity} (the official SDKs' {@code ImageEditParams} and {@code ImageGenerateParams}).
     */
    @Override
    public Set<String> notTakenByEdits() {
        return OpenAiWire.GENERATION_ONLY;
    }

    @Override
    public Set<String> notTakenByGenerations() {
        return OpenAiWire.EDIT_ONLY;
    }

    /** {@code POST /images/edits}: multipart, every source as {@code image[]}, the mask as {@code mask}. */
    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        Multipart form = OpenAiWire.editForm(task, images, mask, endpoint.namesModel());
        return call(provider, task, upstream.request(endpoint.url(provider, task, "edits")).header("Content-Type", form.contentType())
                .header("Accept", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(form.bytes())));
    }

    /** The call; a streamed job's ({@link OpenAiWire#streamed}) answer is read as OpenAI's event stream, its partials passed on. */
    private List<GeneratedImage> call(ProviderSpec provider, ImageTask task, HttpRequest.Builder request) {
        endpoint.authenticate(provider, request);
        HttpRequest call = request.build();
        HttpResponse<InputStream> response = upstream.stream(provider, call);
        if (response.statusCode() != 200) {
            throw OpenAiWire.ERRORS.read(upstream, provider, response, Upstream.drain(response));
        }
        if (OpenAiWire.streamed(task) && response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream")) {
            return OpenAiStream.read(response.body(), provider.id(), task.n(), task.control());
        }
        // GPT image models answer base64; a URL answer (a compatible server's) is followed only on the server called.
        return OpenAiWire.answer(response.body(), provider.id()).images(upstream, provider, ProviderHosts.baseOnly().at(call.uri().toString()));
    }
}
