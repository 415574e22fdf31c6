package io.mediagate.gateway.openapi;

import io.mediagate.common.api.ErrorCode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.eclipse.microprofile.openapi.OASFactory;
import org.eclipse.microprofile.openapi.OASFilter;
import org.eclipse.microprofile.openapi.models.Components;
import org.eclipse.microprofile.openapi.models.OpenAPI;
import org.eclipse.microprofile.openapi.models.Operation;
import org.eclipse.microprofile.openapi.models.PathItem;
import org.eclipse.microprofile.openapi.models.examples.Example;
import org.eclipse.microprofile.openapi.models.media.Schema;
import org.eclipse.microprofile.openapi.models.parameters.Parameter;
import org.eclipse.microprofile.openapi.models.responses.APIResponse;
import org.eclipse.microprofile.openapi.models.responses.APIResponses;

/**
 * Completes the OpenAPI document generated from the resources: every operation gets the failure envelope
 * for each status it can answer, with one example per error code taken from {@link ErrorCode} itself (so
 * the document cannot drift from the codes the services answer), the rate-limit and request-id headers,
 * and the API-key security requirement (the file routes excepted: they are public or signed). The
 * envelope's schemas and the key scheme are in {@code META-INF/openapi.yaml}.
 */
public class ApiDocument implements OASFilter {
    static final String KEY_SCHEME = "apiKey";
    /** Statuses any authenticated call may answer, whatever it does. */
    private static final Set<Integer> EVERY_CALL = Set.of(401, 429, 500, 503);
    private static final List<String> HEADERS = List.of("X-Request-Id", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset");

    @Override
    public void filterOpenAPI(OpenAPI document) {
        Components components = document.getComponents() == null ? OASFactory.createComponents() : document.getComponents();
        document.setComponents(components);
        for (String name : HEADERS) {
            components.addHeader(name, OASFactory.createHeader().description(headerMeaning(name))
                    .schema(OASFactory.createSchema().addType(name.equals("X-Request-Id") ? Schema.SchemaType.STRING : Schema.SchemaType.INTEGER)));
        }
        Map<Integer, List<ErrorCode>> byStatus = new TreeMap<>();
        for (ErrorCode code : ErrorCode.values()) {
            byStatus.computeIfAbsent(code.status(), s -> new ArrayList<>()).add(code);
        }
        byStatus.forEach((status, codes) -> components.addResponse(responseName(status), failure(status, codes)));
        if (document.getPaths() == null) {
            return;
        }
        document.getPaths().getPathItems().forEach((path, item) -> complete(path, item, byStatus.keySet()));
    }

    private void complete(String path, PathItem item, Set<Integer> statuses) {
        boolean files = path.startsWith("/files/");
        for (Map.Entry<PathItem.HttpMethod, Operation> entry : item.getOperations().entrySet()) {
            Operation operation = entry.getValue();
            // A body read as text by the resource (to refuse hostile input itself) is documented as the JSON it must be.
            if (operation.getRequestBody() != null && operation.getRequestBody().getContent() != null
                    && operation.getRequestBody().getContent().hasMediaType("application/json")) {
                operation.getRequestBody().getContent().removeMediaType("*/*");
            }
            APIResponses responses = operation.getResponses() == null ? OASFactory.createAPIResponses() : operation.getResponses();
            operation.setResponses(responses);
            for (APIResponse response : responses.getAPIResponses().values()) {
                if (response.getRef() == null) {
                    HEADERS.forEach(h -> response.addHeader(h, OASFactory.createHeader().ref(h)));
                }
            }
            for (int status : statuses) {
                if (files ? (status == 404 || status == 403 || status == 500 || status == 503) : applies(status, entry.getKey(), path)) {
                    responses.addAPIResponse(String.valueOf(status), OASFactory.createAPIResponse().ref(responseName(status)));
                }
            }
            if (generation(entry.getKey(), path)) {
                operation.addParameter(OASFactory.createParameter().name("Idempotency-Key").in(Parameter.In.HEADER)
                        .description("Makes retries safe: the same key and request within 24 hours answer the first request's job "
                                + "(Idempotent-Replayed: true), never a second job or charge; another request with it is 409.")
                        .schema(OASFactory.createSchema().addType(Schema.SchemaType.STRING).maxLength(255)));
            }
            if (!files) {
                operation.setSecurity(List.of(OASFactory.createSecurityRequirement().addScheme(KEY_SCHEME)));
            }
        }
    }

    /** Which failure statuses an operation can answer, from what it is: every call, bodies, generations, files, jobs. */
    private static boolean applies(int status, PathItem.HttpMethod method, String path) {
        boolean post = method == PathItem.HttpMethod.POST;
        boolean generation = generation(method, path);
        boolean files = post && (path.startsWith("/v1/media/") || path.startsWith("/v1/images/edits")
                || path.startsWith("/v1/images/variations") || path.equals("/v1/videos"));
        return switch (status) {
            case 400, 403, 404 -> true;
            case 405 -> false; // a wrong method on a known route: the same envelope, not listed per operation
            case 409 -> method == PathItem.HttpMethod.DELETE && (path.startsWith("/v1/jobs/") || path.startsWith("/v1/videos/"))
                    || post && path.equals("/v1/media/{id}") || generation;
            case 413 -> post || method == PathItem.HttpMethod.PATCH;
            case 415 -> files;
            case 402, 410, 422, 502, 504 -> generation;
            default -> EVERY_CALL.contains(status);
        };
    }

    /** The operations that create a job: they take an {@code Idempotency-Key} and may be refused by a budget. */
    private static boolean generation(PathItem.HttpMethod method, String path) {
        return method == PathItem.HttpMethod.POST && (path.contains("/generations") || path.startsWith("/v1/images/")
                || path.equals("/v1/videos") || path.endsWith("/remix"));
    }

    private static APIResponse failure(int status, List<ErrorCode> codes) {
        Map<String, Example> examples = new LinkedHashMap<>();
        for (ErrorCode code : codes) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("success", false);
            body.put("message", "what went wrong, in words");
            body.put("code", code.code());
            body.put("request_id", "req_0123456789abcdef");
            body.put("error", Map.of("message", "what went wrong, in words", "type", code.code(), "code", code.code()));
            if (status == 429) {
                body.put("retry_after", 12);
                body.put("limit", "minute");
            }
            examples.put(code.code(), OASFactory.createExample().value(body));
        }
        StringBuilder description = new StringBuilder("A failure in the envelope; `code` is ");
        for (int i = 0; i < codes.size(); i++) {
            description.append(i == 0 ? "" : i == codes.size() - 1 ? " or " : ", ").append('`').append(codes.get(i).code()).append('`');
        }
        APIResponse response = OASFactory.createAPIResponse().description(description.append('.').toString())
                .content(OASFactory.createContent().addMediaType("application/json", OASFactory.createMediaType()
                        .schema(OASFactory.createSchema().ref(status == 429 ? "LimitFailure" : "Failure")).examples(examples)));
        HEADERS.forEach(h -> response.addHeader(h, OASFactory.createHeader().ref(h)));
        if (status == 429 || status == 503) {
            response.addHeader("Retry-After", OASFactory.createHeader().description("Seconds to wait before trying again.")
                    .schema(OASFactory.createSchema().addType(Schema.SchemaType.INTEGER)));
        }
        return response;
    }

    static String responseName(int status) {
        return "Failure" + status;
    }

    private static String headerMeaning(String name) {
        return switch (name) {
            case "X-Request-Id" -> "This request's id (req_…), also in every failure body and in the logs.";
            case "X-RateLimit-Limit" -> "The size of the rate window with the fewest requests left.";
            case "X-RateLimit-Remaining" -> "Requests left in that window.";
            default -> "When that window starts again, as Unix seconds.";
        };
    }
}
