package io.mediagate.catalog.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.AdapterKind;
import io.mediagate.common.catalog.ProviderSpec;
import java.time.Clock;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * How one kind of provider says which models it has, for the catalog check. Each answers, of the upstream model names
 * the catalog's offers use, those the provider still has; a listing that cannot be read throws {@link ListingFailed}
 * (then nothing is changed).
 */
sealed interface ModelListing {
    /** The base URL when the catalog's provider names none (as the adapter's default). */
    String defaultBase();

    /** Where the listing is read: the provider's base URL (its API serves the listing too), else {@link #defaultBase}. */
    default String base(ProviderSpec provider) {
        String base = provider.baseUrl() == null || provider.baseUrl().isBlank() ? defaultBase() : provider.baseUrl();
        return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
    }

    Set<String> present(ListingHttp http, String base, String key, Collection<String> models);

    /** The listing for a kind of provider, or null when the check has none for it ({@link #unlisted} says why). */
    static ModelListing of(AdapterKind adapter) {
        return switch (adapter) {
            case OPENAI, OPENAI_COMPATIBLE -> new OpenAi();
            case GEMINI, VEO -> new Gemini();
            case XAI -> new Xai();
            case REPLICATE -> new Replicate();
            case FAL -> new Fal();
            case BEDROCK -> new Bedrock(name -> ConfigProvider.getConfig().getOptionalValue(name, String.class).filter(v -> !v.isBlank()),
                    Clock.systemUTC());
            case LOCAL, FAKE, AZURE_OPENAI, IDEOGRAM, RECRAFT, STABILITY, BFL, A1111, COMFYUI, OMNI, RUNWAY, LUMA, MINIMAX, KLING, VIDU -> null;
        };
    }

    /** Why a kind with no listing ({@link #of} answers null) is not checked, in the report's words. */
    static String unlisted(AdapterKind adapter) {
        return switch (adapter) {
            case AZURE_OPENAI -> "Azure lists a resource's deployments only through its management API (an Azure AD token), not with "
                    + "the resource's API key; a deployment that is gone is retired when it answers DeploymentNotFound";
            default -> "its API has no model listing this check reads";
        };
    }

    /** {@code GET /models} with a bearer key: {@code {"object": "list", "data": [{"id", "object": "model", ...}]}}. */
    record OpenAi() implements ModelListing {
        public String defaultBase() {
            return "https://api.openai.com/v1";
        }

        public Set<String> present(ListingHttp http, String base, String key, Collection<String> models) {
            JsonNode list = http.get(base + "/models", "Authorization", "Bearer " + key);
            Set<String> ids = new HashSet<>(list.path("data").findValuesAsText("id"));
            return keep(models, ids);
        }
    }

    /**
     * The Gemini API's {@code GET /models?pageSize=1000} with {@code x-goog-api-key}: {@code {"models": [{"name":
     * "models/<id>", ...}], "nextPageToken"}}, read page by page.
     */
    record Gemini() implements ModelListing {
        public String defaultBase() {
            return "https://generativelanguage.googleapis.com/v1beta";
        }

        public Set<String> present(ListingHttp http, String base, String key, Collection<String> models) {
            Set<String> ids = new HashSet<>();
            String token = null;
            for (int page = 0; page < 50; page++) {
                JsonNode list = http.get(base + "/models?pageSize=1000" + (token == null ? "" : "&pageToken=" + ListingHttp.encode(token)),
                        "x-goog-api-key", key);
                for (JsonNode m : list.path("models")) {
                    String name = m.path("name").asText("");
                    ids.add(name.startsWith("models/") ? name.substring("models/".length()) : name);
                }
                token = list.path("nextPageToken").asText("");
                if (token.isEmpty()) {
                    break;
                }
            }
            return keep(models, ids);
        }
    }

    /** xAI's {@code GET /image-generation-models} with a bearer key: {@code {"models": [{"id", "aliases": [...]}]}}. */
    record Xai() implements ModelListing {
        public String defaultBase() {
            return "https://api.x.ai/v1";
        }

        public Set<String> present(ListingHttp http, String base, String key, Collection<String> models) {
            JsonNode list = http.get(base + "/image-generation-models", "Authorization", "Bearer " + key);
            Set<String> ids = new HashSet<>();
            for (JsonNode m : list.path("models")) {
                ids.add(m.path("id").asText());
                m.path("aliases").forEach(a -> ids.add(a.asText()));
            }
            return keep(models, ids);
        }
    }

    /**
     * Replicate has no listing of every model; each is looked up: {@code GET /models/{owner}/{name}} answers 200 while the
     * model exists and 404 when it does not. A version pinned after a colon is not part of the name.
     */
    record Replicate() implements ModelListing {
        public String defaultBase() {
            return "https://api.replicate.com/v1";
        }

        public Set<String> present(ListingHttp http, String base, String key, Collection<String> models) {
            Set<String> present = new HashSet<>();
            for (String model : models) {
                String name = model.contains(":") ? model.substring(0, model.indexOf(':')) : model;
                if (http.exists(base + "/models/" + name, "Authorization", "Bearer " + key)) {
                    present.add(model);
                }
            }
            return present;
        }
    }

    /**
     * fal's model search, {@code GET https://api.fal.ai/v1/models?endpoint_id=<id>&endpoint_id=<id>...} with {@code
     * Authorization: Key}: {@code {"models": [{"endpoint_id", "metadata": {"status", ...}}], "has_more", "next_cursor"}},
     * asked for up to 50 endpoint ids at a time. An endpoint the answer lacks is gone.
     */
    record Fal() implements ModelListing {
        public String defaultBase() {
            return "https://api.fal.ai/v1";
        }

        public Set<String> present(ListingHttp http, String base, String key, Collection<String> models) {
            Set<String> ids = new HashSet<>();
            List<String> all = List.copyOf(models);
            for (int from = 0; from < all.size(); from += 50) {
                StringBuilder query = new StringBuilder();
                for (String id : all.subList(from, Math.min(all.size(), from + 50))) {
                    query.append(query.isEmpty() ? "?" : "&").append("endpoint_id=").append(ListingHttp.encode(id));
                }
                JsonNode found = http.get(base + "/models" + query, "Authorization", "Key " + key);
                found.path("models").forEach(m -> ids.add(m.path("endpoint_id").asText()));
            }
            return keep(models, ids);
        }
    }

    /**
     * Amazon Bedrock's {@code ListFoundationModels}, {@code GET /foundation-models} on the control plane
     * ({@code bedrock.<region>.amazonaws.com}, or {@code AWS_ENDPOINT_URL_BEDROCK}; not the runtime the catalog's base
     * URL names), signed with SigV4 (service {@code bedrock}) from {@code AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY},
     * {@code AWS_SESSION_TOKEN} and {@code AWS_REGION} (default {@code us-east-1}): {@code {"modelSummaries": [{"modelId",
     * "modelLifecycle": {"status": "ACTIVE" | "LEGACY"}}]}}. A model listed as LEGACY still serves calls.
     */
    record Bedrock(java.util.function.Function<String, java.util.Optional<String>> settings, Clock clock) implements ModelListing {
        public String defaultBase() {
            return "https://bedrock." + settings.apply("AWS_REGION").orElse("us-east-1") + ".amazonaws.com";
        }

        @Override
        public String base(ProviderSpec provider) {
            String base = settings.apply("AWS_ENDPOINT_URL_BEDROCK").orElse(defaultBase());
            return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        }

        public Set<String> present(ListingHttp http, String base, String key, Collection<String> models) {
            String secret = settings.apply("AWS_SECRET_ACCESS_KEY")
                    .orElseThrow(() -> new ListingFailed("AWS_SECRET_ACCESS_KEY is not set, so the listing cannot be signed"));
            AwsGetSigner signer = new AwsGetSigner(key, secret, settings.apply("AWS_SESSION_TOKEN").orElse(null),
                    settings.apply("AWS_REGION").orElse("us-east-1"), clock);
            java.net.URI uri = java.net.URI.create(base + "/foundation-models");
            JsonNode list = http.get(uri.toString(), signer.get(uri, "bedrock"));
            return keep(models, new HashSet<>(list.path("modelSummaries").findValuesAsText("modelId")));
        }
    }

    private static Set<String> keep(Collection<String> models, Set<String> listed) {
        Set<String> present = new HashSet<>(models);
        present.retainAll(listed);
        return present;
    }
}
