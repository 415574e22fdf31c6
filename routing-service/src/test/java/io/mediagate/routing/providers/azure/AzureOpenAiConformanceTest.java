package io.mediagate.routing.providers.azure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.EditSamples;
import io.mediagate.routing.providers.conformance.Exercises;
import io.mediagate.routing.providers.conformance.FakeUpstream.Reply;
import io.mediagate.routing.providers.conformance.FakeUpstream;
import io.mediagate.routing.providers.conformance.FormParts;
import io.mediagate.routing.providers.conformance.Scenario;
import io.mediagate.routing.providers.openai.OpenAiImageGenerator;
import io.mediagate.testing.TestImages;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Azure OpenAI images against a fake speaking its wire: the deployment in the path, {@code api-version} in the query,
 * the key in {@code api-key}, OpenAI's body without a model, and Azure's errors: {@code {"error": {"code": "401",
 * "message": "Access denied due to invalid subscription key ..."}}}, 429 with {@code retry-after}, and moderation as
 * {@code content_policy_violation} with {@code inner_error.code: ResponsibleAIPolicyViolation}.
 */
@Exercises(adapters = "azure-openai", value = "image")
class AzureOpenAiConformanceTest extends AdapterConformance {
    static final String VERSION = "2025-04-01-preview";
    static final String DEPLOYMENT = "images-prod";

    AzureOpenAiConformanceTest() {
        super("azure-openai", "image", false);
    }

    /** Azure's answer for a deployment that does not exist: 404 {@code DeploymentNotFound}. */
    @Override
    protected io.mediagate.routing.providers.conformance.FakeUpstream.Reply goneReply() {
        return io.mediagate.routing.providers.conformance.FakeUpstream.Reply.json(404, java.util.Map.of("error", java.util.Map.of("code", "DeploymentNotFound", "message",
                "The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please "
                + "wait a moment and try again.")));
    }

    @Override
    protected boolean retryAfterOnRateLimit() {
        return true;
    }

    static OpenAiImageGenerator adapter(Upstream upstream) {
        return new OpenAiImageGenerator(upstream, new AzureOpenAiEndpoint(VERSION, name -> Optional.empty()));
    }

    static ImageTask task(String prompt, int n, Map<String, Object> params, TaskControl control) {
        return new ImageTask(DEPLOYMENT, Map.of(), "1", prompt, 1024, 1024, n, params, control);
    }

    @Override
    protected List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control) {
        return adapter(upstream).generate(provider, task(prompt, 1, Map.of(), control)).stream().map(i -> i.mime()).toList();
    }

    static Reply error(int status, String code, String message) {
        Map<String, Object> error = new LinkedHashMap<>();
        error.put("code", code);
        error.put("message", message);
        return Reply.json(status, Map.of("error", error));
    }

    /** Azure's answer to a call of {@code operation} on the deployment, by the prompt's scenario. */
    static Reply answer(FakeUpstream.Recorded request, String secret, String prompt, int n) throws InterruptedException {
        if (request.query() == null || !request.query().equals("api-version=" + VERSION)) {
            return error(404, "404", "Resource not found");
        }
        if (!secret.equals(request.header("api-key"))) {
            return error(401, "401", "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key "
                    + "for an active subscription and use a correct regional API endpoint for your resource.");
        }
        if (!request.path().startsWith("/openai/deployments/" + DEPLOYMENT + "/")) {
            return error(404, "DeploymentNotFound", "The API deployment for this resource does not exist.");
        }
        return switch (Scenario.of(prompt)) {
            case RATE_LIMITED -> error(429, "429", "Requests to the Images_Generations Operation under Azure OpenAI API version " + VERSION
                    + " have exceeded call rate limit of your current AIServices S0 pricing tier. Please retry after 7 seconds.")
                    .with("retry-after", "7");
            case SERVER_ERROR -> error(500, "InternalServerError", "The service encountered an internal error. Please retry.");
            case INVALID_INPUT -> {
                Map<String, Object> invalid = new LinkedHashMap<>();
                invalid.put("code", "invalid_value");
                invalid.put("message", "Invalid value: '999x999'. Supported values are: '1024x1024', '1024x1536', '1536x1024', and 'auto'.");
                invalid.put("param", "size");
                invalid.put("type", "invalid_request_error");
                yield Reply.json(400, Map.of("error", invalid));
            }
            case MODERATED -> {
                Map<String, Object> refused = new LinkedHashMap<>();
                refused.put("code", "content_policy_violation");
                refused.put("inner_error", Map.of("code", "ResponsibleAIPolicyViolation",
                        "content_filter_results", Map.of("violence", Map.of("filtered", true, "severity", "high"))));
                refused.put("message", "Your request was rejected as a result of our safety system. Your prompt may contain text that "
                        + "is not allowed by our safety system.");
                refused.put("type", "invalid_request_error");
                yield Reply.json(400, Map.of("error", refused));
            }
            case MALFORMED -> Reply.json(200, Map.of("created", 1767225600, "data", List.of(Map.of())));
            case NEVER_FINISHES -> FakeUpstream.hang();
            default -> {
                List<Map<String, Object>> data = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    data.add(Map.of("b64_json", Base64.getEncoder().encodeToString(TestImages.png(8, 8))));
                }
                yield Reply.json(200, Map.of("created", 1767225600, "data", data));
            }
        };
    }

    @Override
    protected void play(FakeUpstream fake) {
        fake.on("POST", "/openai/deployments/", request -> {
            if (request.path().endsWith("/images/edits")) {
                FormParts form = FormParts.parse(request.header("Content-Type"), request.body());
                return answer(request, secret(), form.text("prompt", ""), Integer.parseInt(form.text("n", "1")));
            }
            var body = request.json();
            return answer(request, secret(), body.path("prompt").asText(), body.path("n").asInt(1));
        });
    }

    @Test
    void theDeploymentVersionAndKeyAreAzuresAndTheBodyNamesNoModel() {
        var images = adapter(upstream(false)).generate(provider(), task("a lighthouse", 2, Map.of("quality", "low"), TaskControl.NONE));
        assertEquals(2, images.size());
        var request = fake.received().getFirst();
        assertEquals("/openai/deployments/" + DEPLOYMENT + "/images/generations", request.path());
        assertEquals("api-version=" + VERSION, request.query());
        assertEquals(secret(), request.header("api-key"));
        assertEquals(null, request.header("Authorization"), "the key goes in api-key only");
        var body = request.json();
        assertTrue(body.path("model").isMissingNode(), "the deployment is the model: " + body);
        assertEquals("1024x1024", body.path("size").asText());
        assertEquals("low", body.path("quality").asText());
    }

    @Test
    void withoutABaseUrlTheEndpointSettingIsUsedAndWithNeitherTheProviderIsUnavailable() {
        ProviderSpec bare = new ProviderSpec("conf", "Conformance", "azure-openai", List.of("image"), true, null, KEY_ENV, Instant.EPOCH);
        var fromSetting = new OpenAiImageGenerator(upstream(false), new AzureOpenAiEndpoint(VERSION,
                name -> name.equals(AzureOpenAiEndpoint.ENDPOINT_SETTING) ? Optional.of(fake.url() + "/") : Optional.empty()));
        assertEquals(1, fromSetting.generate(bare, task("a lighthouse", 1, Map.of(), TaskControl.NONE)).size());
        ProviderException e = assertThrows(ProviderException.class,
                () -> adapter(upstream(false)).generate(bare, task("a lighthouse", 1, Map.of(), TaskControl.NONE)));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(FailureClass.CREDENTIALS, e.failure());
    }

    @Test
    void editsGoToTheDeploymentsEditsAsMultipartWithoutAModel() {
        var images = adapter(upstream(false)).edit(provider(), task("add a hat", 1, Map.of(), TaskControl.NONE),
                List.of(EditSamples.PNG), EditSamples.MASK);
        assertEquals(1, images.size());
        var request = fake.received().getFirst();
        assertEquals("/openai/deployments/" + DEPLOYMENT + "/images/edits", request.path());
        FormParts form = FormParts.parse(request.header("Content-Type"), request.body());
        assertEquals(null, form.text("model", null));
        assertEquals(1, form.all("image[]").size());
        assertEquals(1, form.all("mask").size());
    }
}
