package io.mediagate.routing.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a provider's error answer keeps its message, its code and the field it faults, and what its own codes and
 * statuses mean, declared once per adapter instead of read by hand:
 * {@code ErrorReader.message("/error/message").codes("/error/code", Map.of("moderation_blocked", MODERATION)).param("/error/param")}.
 * What a table does not decide is read by status as {@link Upstream#failure} says (400/422 the request's, 401/403
 * credentials, 404/410 gone, 429 rate limited, 5xx transient, ...).
 *
 * <p>Pointers are JSON pointers; a {@code *} step stands for every element of an array, the first that holds a value
 * answering ({@code /error/details/*}{@code /reason}).
 *
 * @param messageAt  pointers tried in order for the message (a non-text node is taken as its JSON)
 * @param codeHeader a response header that carries the provider's code (tried first), or null
 * @param codeAt     pointers of the provider's own code, tried in order until one names a code of {@code codes}
 * @param codeForm   a pattern whose first group is the code inside a longer text ({@code ValidationException:http://...}),
 *                   or null; a text it does not match is taken whole
 * @param codes      what the provider's codes mean
 * @param statuses   what statuses mean for this provider where it differs from the usual reading
 * @param moderation a pattern of the message (lower case) that marks a content-policy refusal on a 400 or 422, or null
 * @param badKey     a pattern of the message (lower case) that marks refused credentials on any 4xx (providers that
 *                   answer a wrong key with a 400), or null
 * @param paramAt    pointer of the request field the provider faults (the last element when it is a path array), or null
 * @param waitIn     a pattern of the raw body whose first group is the seconds to wait, for a 429 without Retry-After, or null
 * @param faults     the request field a code faults where the answer names none (Vidu's {@code ImageFormatInvalid}: the image)
 */
public record ErrorReader(List<String> messageAt, String codeHeader, List<String> codeAt, Pattern codeForm,
                          Map<String, FailureClass> codes, Map<Integer, FailureClass> statuses, Pattern moderation, Pattern badKey,
                          String paramAt, Pattern waitIn, Map<String, String> faults) {

    /** An answer whose message sits at the first of {@code pointers} that holds one. */
    public static ErrorReader message(String... pointers) {
        return new ErrorReader(List.of(pointers), null, List.of(), null, Map.of(), Map.of(), null, null, null, null, Map.of());
    }

    /** This reader, with the provider's own code at {@code pointer} and what its codes mean. */
    public ErrorReader codes(String pointer, Map<String, FailureClass> table) {
        return codes(List.of(pointer), table);
    }

    /** This reader, with the provider's own code at the first of {@code pointers} whose code the table knows. */
    public ErrorReader codes(List<String> pointers, Map<String, FailureClass> table) {
        return new ErrorReader(messageAt, codeHeader, pointers, codeForm, table, statuses, moderation, badKey, paramAt, waitIn, faults);
    }

    /** This reader, taking the code from the response header {@code name} when it is there. */
    public ErrorReader codeHeader(String name) {
        return new ErrorReader(messageAt, name, codeAt, codeForm, codes, statuses, moderation, badKey, paramAt, waitIn, faults);
    }

    /** This reader, finding the code inside a longer text by {@code regex} (its first group). */
    public ErrorReader codeForm(String regex) {
        return new ErrorReader(messageAt, codeHeader, codeAt, Pattern.compile(regex), codes, statuses, moderation, badKey, paramAt, waitIn, faults);
    }

    /** This reader, with statuses that mean something else at this provider (Stability's 413: the request is too large). */
    public ErrorReader statuses(Map<Integer, FailureClass> table) {
        return new ErrorReader(messageAt, codeHeader, codeAt, codeForm, codes, table, moderation, badKey, paramAt, waitIn, faults);
    }

    /** This reader, reading a 400 or 422 whose message matches {@code regex} (on its lower case) as moderation. */
    public ErrorReader moderation(String regex) {
        return new ErrorReader(messageAt, codeHeader, codeAt, codeForm, codes, statuses, Pattern.compile(regex), badKey, paramAt, waitIn, faults);
    }

    /** This reader, reading a 4xx whose message matches {@code regex} (on its lower case) as refused credentials. */
    public ErrorReader badKey(String regex) {
        return new ErrorReader(messageAt, codeHeader, codeAt, codeForm, codes, statuses, moderation, Pattern.compile(regex), paramAt, waitIn, faults);
    }

    /** This reader, with the field the provider faults at {@code pointer}: a refusal naming a field the caller set is the caller's. */
    public ErrorReader param(String pointer) {
        return new ErrorReader(messageAt, codeHeader, codeAt, codeForm, codes, statuses, moderation, badKey, pointer, waitIn, faults);
    }

    /** This reader, reading the wait of a 429 without Retry-After from the body ({@code "retryDelay": "23s"}). */
    public ErrorReader waitIn(String regex) {
        return new ErrorReader(messageAt, codeHeader, codeAt, codeForm, codes, statuses, moderation, badKey, paramAt, Pattern.compile(regex), faults);
    }

    /** This reader, with the request field each of these codes faults where the answer names none. */
    public ErrorReader faults(Map<String, String> table) {
        return new ErrorReader(messageAt, codeHeader, codeAt, codeForm, codes, statuses, moderation, badKey, paramAt, waitIn, table);
    }

    /**
     * The failure a code of the provider's means outside an HTTP error answer (a failed job's code, a 200 whose body
     * says it failed), or null when the table does not know it.
     */
    public ProviderException ofCode(ProviderSpec provider, String code, String message) {
        FailureClass meant = moderates(message) ? FailureClass.MODERATION : known(code);
        return meant == null ? null : of(meant, provider, message, code == null ? null : faults.get(code(code)), null, "code " + code);
    }

    /** The message of an error answer, or null. */
    public String message(JsonNode body) {
        if (body == null) {
            return null;
        }
        for (String pointer : messageAt) {
            Optional<JsonNode> at = at(body, pointer);
            if (at.isPresent()) {
                return at.get().isValueNode() ? at.get().asText() : at.get().toString();
            }
        }
        return null;
    }

    /** The request field an error answer faults, or null. */
    public String param(JsonNode body) {
        if (paramAt == null || body == null) {
            return null;
        }
        return at(body, paramAt).map(p -> p.isArray() ? (p.isEmpty() ? null : p.get(p.size() - 1)) : p)
                .filter(JsonNode::isValueNode).map(JsonNode::asText).orElse(null);
    }

    /** Whether a text of the provider's (a failed job's reason, say) is worded as a content-policy refusal. */
    public boolean moderates(String text) {
        return moderation != null && text != null && moderation.matcher(text.toLowerCase(Locale.ROOT)).matches();
    }

    /** A 2xx answer's JSON object (a retryable failure when it is not one), else the failure this reader says it is. */
    public JsonNode answer(Upstream upstream, ProviderSpec provider, HttpResponse<byte[]> response) {
        if (response.statusCode() / 100 != 2) {
            throw read(upstream, provider, response, response.body());
        }
        return upstream.object(provider, response);
    }

    /** The failure an error answer means. */
    public ProviderException read(Upstream upstream, ProviderSpec provider, HttpResponse<?> response, byte[] bytes) {
        JsonNode body = upstream.read(bytes);
        String message = message(body);
        String headerCode = codeHeader == null ? null : response.headers().firstValue(codeHeader).orElse(null);
        String code = codeOf(headerCode, body);
        FailureClass meant = classOf(response.statusCode(), code, message);
        Duration wait = upstream.retryAfter(response).or(() -> waitOf(bytes)).orElse(null);
        String param = param(body);
        if (param == null && code != null) {
            param = faults.get(code);
        }
        if (meant == null) {
            ProviderException byStatus = upstream.failure(provider, response, message, param);
            return byStatus.failure() == FailureClass.RATE_LIMITED && wait != null
                    ? ProviderException.rateLimited(provider.id() + " answered " + response.statusCode(), wait) : byStatus;
        }
        return of(meant, provider, message, param, wait, "answered " + response.statusCode() + (code == null ? "" : " (" + code + ")"));
    }

    private static ProviderException of(FailureClass meant, ProviderSpec provider, String message, String param, Duration wait, String said) {
        String detail = message == null || message.isBlank() ? "" : ": " + message;
        return switch (meant) {
            case CALLER_ERROR, REJECTED -> ProviderException.rejected("the provider rejected the request" + detail, param);
            case MODERATION -> ProviderException.moderated("the request was refused by the provider's content policy");
            case CREDENTIALS -> ProviderException.credentials(provider.id() + " refused our credentials (" + said + ")");
            case QUOTA -> ProviderException.quota(provider.id() + " account has no credits (" + said + ")");
            case RATE_LIMITED -> ProviderException.rateLimited(provider.id() + " " + said + detail, wait);
            case TIMEOUT -> ProviderException.timedOut(provider.id() + " " + said);
            case GONE -> ProviderException.gone(provider.id() + " no longer has the model" + detail);
            case TRANSIENT -> ProviderException.failed(provider.id() + " " + said + detail);
        };
    }

    /** The code of an answer the table knows (the header's first), normalised by {@link #codeForm}; null for none. */
    private String codeOf(String headerCode, JsonNode body) {
        if (known(headerCode) != null) {
            return code(headerCode);
        }
        for (int i = 0; body != null && i < codeAt.size(); i++) {
            for (JsonNode code : all(body, codeAt.get(i))) {
                if (code.isValueNode() && known(code.asText()) != null) {
                    return code(code.asText());
                }
            }
        }
        return null;
    }

    /** The class this provider's tables give an error answer, or null when its status alone decides. */
    public FailureClass classOf(int status, JsonNode body) {
        return classOf(status, null, body);
    }

    /**
     * As {@link #classOf(int, JsonNode)}, with the code the response's header carries (or null). A 400 or 422 worded as a
     * policy refusal is moderation even when its code says only that the request was invalid (Bedrock's
     * {@code ValidationException} from its content filters).
     */
    public FailureClass classOf(int status, String headerCode, JsonNode body) {
        return classOf(status, codeOf(headerCode, body), message(body));
    }

    /** The class of an answer whose known code (or null) and message are already read. */
    private FailureClass classOf(int status, String code, String message) {
        FailureClass meant = code == null ? null : codes.get(code);
        if (meant == null) {
            meant = statuses.get(status);
        }
        String lower = message == null ? null : message.toLowerCase(Locale.ROOT);
        if (meant == null && badKey != null && lower != null && status / 100 == 4 && badKey.matcher(lower).matches()) {
            meant = FailureClass.CREDENTIALS;
        }
        boolean invalid = meant == null || meant == FailureClass.CALLER_ERROR || meant == FailureClass.REJECTED;
        if (invalid && (status == 400 || status == 422) && moderates(message)) {
            meant = FailureClass.MODERATION;
        }
        return meant;
    }

    /** The code inside a text, by {@link #codeForm} when one is declared (the text whole when it does not match). */
    private String code(String text) {
        if (text == null || codeForm == null) {
            return text;
        }
        Matcher m = codeForm.matcher(text);
        return m.find() ? m.group(1) : text;
    }

    /** What the table says of a code; null for none. */
    private FailureClass known(String text) {
        return text == null || text.isBlank() ? null : codes.get(code(text));
    }

    private Optional<Duration> waitOf(byte[] bytes) {
        if (waitIn == null || bytes == null) {
            return Optional.empty();
        }
        Matcher m = waitIn.matcher(new String(bytes, StandardCharsets.UTF_8));
        return m.find() ? Optional.of(Duration.ofMillis(Math.round(Double.parseDouble(m.group(1)) * 1000))) : Optional.empty();
    }

    /** The node at a pointer whose {@code *} steps stand for any element of an array (the first that holds one); empty for none or null. */
    static Optional<JsonNode> at(JsonNode body, String pointer) {
        List<JsonNode> found = all(body, pointer);
        return found.isEmpty() ? Optional.empty() : Optional.of(found.getFirst());
    }

    /** Every node at a pointer whose {@code *} steps stand for every element of an array, in order; none missing or null. */
    static List<JsonNode> all(JsonNode body, String pointer) {
        int star = pointer.indexOf("/*");
        List<JsonNode> found = new ArrayList<>();
        if (star < 0) {
            JsonNode at = body.at(pointer);
            if (!at.isMissingNode() && !at.isNull()) {
                found.add(at);
            }
            return found;
        }
        String rest = pointer.substring(star + 2);
        for (JsonNode element : body.at(pointer.substring(0, star))) {
            if (rest.isEmpty()) {
                found.add(element);
            } else {
                found.addAll(all(element, rest));
            }
        }
        return found;
    }
}
