package io.mediagate.routing.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Where a provider's error answer keeps its message and its code, and what its own codes and statuses mean, declared
 * once per adapter instead of read by hand: {@code ErrorReader.message("/detail").moderation("(?s).*safety.*")}. What a
 * table does not decide is read by status as {@link Upstream#failure} says (400/422 the request's, 401/403 credentials,
 * 404/410 gone, 429 rate limited, 5xx transient, ...).
 *
 * @param messageAt  JSON pointers tried in order for the message (a non-text node is taken as its JSON)
 * @param codeAt     JSON pointer of the provider's own error code, or null
 * @param codes      what the provider's codes mean
 * @param statuses   what statuses mean for this provider where it differs from the usual reading
 * @param moderation a pattern of the message (lower case) that marks a content-policy refusal on a 400 or 422, or null
 * @param badKey     a pattern of the message (lower case) that marks refused credentials on any 4xx (providers that
 *                   answer a wrong key with a 400), or null
 */
public record ErrorReader(List<String> messageAt, String codeAt, Map<String, FailureClass> codes, Map<Integer, FailureClass> statuses,
                          Pattern moderation, Pattern badKey) {

    /** An answer whose message sits at the first of {@code pointers} that holds one. */
    public static ErrorReader message(String... pointers) {
        return new ErrorReader(List.of(pointers), null, Map.of(), Map.of(), null, null);
    }

    /** This reader, with the provider's own code at {@code pointer} and what its codes mean. */
    public ErrorReader codes(String pointer, Map<String, FailureClass> table) {
        return new ErrorReader(messageAt, pointer, table, statuses, moderation, badKey);
    }

    /** This reader, with statuses that mean something else at this provider (Stability's 413: the request is too large). */
    public ErrorReader statuses(Map<Integer, FailureClass> table) {
        return new ErrorReader(messageAt, codeAt, codes, table, moderation, badKey);
    }

    /** This reader, reading a 400 or 422 whose message matches {@code regex} (on its lower case) as moderation. */
    public ErrorReader moderation(String regex) {
        return new ErrorReader(messageAt, codeAt, codes, statuses, Pattern.compile(regex), badKey);
    }

    /** This reader, reading a 4xx whose message matches {@code regex} (on its lower case) as refused credentials. */
    public ErrorReader badKey(String regex) {
        return new ErrorReader(messageAt, codeAt, codes, statuses, moderation, Pattern.compile(regex));
    }

    /** The message of an error answer, or null. */
    public String message(JsonNode body) {
        if (body == null) {
            return null;
        }
        for (String pointer : messageAt) {
            JsonNode at = body.at(pointer);
            if (!at.isMissingNode() && !at.isNull()) {
                return at.isValueNode() ? at.asText() : at.toString();
            }
        }
        return null;
    }

    /** The failure an error answer means. */
    public ProviderException read(Upstream upstream, ProviderSpec provider, HttpResponse<?> response, byte[] bytes) {
        JsonNode body = upstream.read(bytes);
        String message = message(body);
        FailureClass meant = classOf(response.statusCode(), body);
        return meant == null ? upstream.failure(provider, response, message) : of(meant, provider, response, upstream, message);
    }

    /** The class this provider's tables give an error answer, or null when its status alone decides. */
    public FailureClass classOf(int status, JsonNode body) {
        String code = codeAt == null || body == null ? null : textAt(body, codeAt);
        FailureClass meant = code == null ? null : codes.get(code);
        if (meant == null) {
            meant = statuses.get(status);
        }
        String message = message(body);
        String lower = message == null ? null : message.toLowerCase(Locale.ROOT);
        if (meant == null && badKey != null && lower != null && status / 100 == 4 && badKey.matcher(lower).matches()) {
            meant = FailureClass.CREDENTIALS;
        }
        if (meant == null && moderation != null && lower != null && (status == 400 || status == 422) && moderation.matcher(lower).matches()) {
            meant = FailureClass.MODERATION;
        }
        return meant;
    }

    private static String textAt(JsonNode body, String pointer) {
        JsonNode at = body.at(pointer);
        return at.isMissingNode() || at.isNull() ? null : at.asText();
    }

    private static ProviderException of(FailureClass meant, ProviderSpec provider, HttpResponse<?> response, Upstream upstream, String message) {
        String detail = message == null || message.isBlank() ? "" : ": " + message;
        return switch (meant) {
            case CALLER_ERROR, REJECTED -> ProviderException.rejected("the provider rejected the request" + detail);
            case MODERATION -> ProviderException.moderated("the request was refused by the provider's content policy");
            case CREDENTIALS -> ProviderException.credentials(provider.id() + " refused our credentials");
            case QUOTA -> ProviderException.quota(provider.id() + " account has no credits");
            case RATE_LIMITED -> ProviderException.rateLimited(provider.id() + " answered " + response.statusCode(),
                    upstream.retryAfter(response).orElse(null));
            case TIMEOUT -> ProviderException.timedOut(provider.id() + " answered " + response.statusCode());
            case GONE -> ProviderException.gone(provider.id() + " no longer has the model" + detail);
            case TRANSIENT -> ProviderException.failed(provider.id() + " answered " + response.statusCode() + detail);
        };
    }
}
