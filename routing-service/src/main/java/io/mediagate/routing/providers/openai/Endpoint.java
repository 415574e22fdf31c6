package io.mediagate.routing.providers.openai;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.Upstream;
import java.net.http.HttpRequest;

/**
 * Where a server speaking the OpenAI images wire takes its calls and how it is authenticated: OpenAI and
 * compatible servers take {@code <base>/images/<operation>} with a Bearer key; others (Azure OpenAI) address a
 * deployment and take their key in another header.
 */
public interface Endpoint {
    /** The URL of {@code operation}: {@code generations} or {@code edits}. */
    String url(ProviderSpec provider, ImageTask task, String operation);

    /** Adds the provider's credential to the request, if it names one. */
    void authenticate(ProviderSpec provider, HttpRequest.Builder request);

    /** Whether the body names the model; a deployment-based endpoint knows it from its URL. */
    default boolean namesModel() {
        return true;
    }

    /** OpenAI, or an OpenAI-compatible server at the catalog's base URL ({@code defaultBase} when it gives none). */
    static Endpoint openAi(String defaultBase) {
        return new Endpoint() {
            @Override
            public String url(ProviderSpec provider, ImageTask task, String operation) {
                return Upstream.base(provider, defaultBase) + "/images/" + operation;
            }

            @Override
            public void authenticate(ProviderSpec provider, HttpRequest.Builder request) {
                if (provider.apiKeyEnv() != null) {
                    Auth.bearer().of(provider).sign(request);
                }
            }
        };
    }
}
