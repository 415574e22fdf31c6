package io.mediagate.routing.providers.azure;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.openai.Endpoint;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Function;

/**
 * Azure OpenAI images ({@code adapter: azure-openai}): the OpenAI images wire at a deployment of the operator's
 * resource, {@code <endpoint>/openai/deployments/<deployment>/images/<operation>?api-version=<version>}, with the key
 * in an {@code api-key} header. The endpoint is the catalog's {@code baseUrl}, or else the {@code AZURE_OPENAI_ENDPOINT}
 * setting (e.g. {@code https://my-resource.openai.azure.com}); the deployment is the offer's {@code upstreamModel};
 * the body names no model (the deployment is the model). Errors are OpenAI's shape, moderation as
 * {@code content_policy_violation} with the filter results in {@code inner_error}.
 */
public final class AzureOpenAiEndpoint implements Endpoint {
    private static final Auth AUTH = Auth.header("api-key");
    /** The setting that holds the resource endpoint when the catalog gives no base URL. */
    public static final String ENDPOINT_SETTING = "AZURE_OPENAI_ENDPOINT";
    private final String apiVersion;
    private final Function<String, Optional<String>> settings;

    /**
     * @param apiVersion the data-plane API version every call names
     * @param settings   reads a setting by name (the configuration in production)
     */
    public AzureOpenAiEndpoint(String apiVersion, Function<String, Optional<String>> settings) {
        this.apiVersion = apiVersion;
        this.settings = settings;
    }

    @Override
    public String url(ProviderSpec provider, ImageTask task, String operation) {
        String base = Upstream.base(provider, settings.apply(ENDPOINT_SETTING).filter(s -> !s.isBlank()).orElse(null));
        if (task.upstreamModel() == null || task.upstreamModel().isBlank()) {
            throw ProviderException.credentials(provider.id() + " offer names no deployment (upstreamModel)");
        }
        return base + "/openai/deployments/" + URLEncoder.encode(task.upstreamModel(), StandardCharsets.UTF_8) + "/images/" + operation
                + "?api-version=" + URLEncoder.encode(apiVersion, StandardCharsets.UTF_8);
    }

    @Override
    public void authenticate(ProviderSpec provider, HttpRequest.Builder request) {
        AUTH.of(provider).sign(request);
    }

    @Override
    public boolean namesModel() {
        return false;
    }
}
