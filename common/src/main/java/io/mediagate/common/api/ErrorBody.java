package io.mediagate.common.api;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The failure envelope of docs/api-guide.md: {@code success:false}, {@code message}, {@code code},
 * {@code param}, {@code request_id}, the OpenAI-shaped {@code error} mirror, and extra fields such as
 * {@code retry_after}. It also parses back from JSON, so a service can relay another service's failure.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public final class ErrorBody {
    @JsonProperty("success")
    public final boolean success = false;
    @JsonProperty("message")
    public String message;
    @JsonProperty("code")
    public String code;
    @JsonProperty("param")
    public String param;
    @JsonProperty("request_id")
    public String requestId;
    @JsonProperty("error")
    public Detail error;
    private final Map<String, Object> extra = new LinkedHashMap<>();

    /**
     * The OpenAI-compatible mirror: SDKs read {@code body.error.message} and {@code .code}. {@code param} is always
     * there, null when no field is at fault, as in OpenAI's error object.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Detail(String message, String type, String code, @JsonInclude(JsonInclude.Include.ALWAYS) String param) {}

    public static ErrorBody of(ErrorCode code, String message, String param, String requestId,
                               Map<String, Object> extra) {
        ErrorBody body = new ErrorBody();
        body.message = message;
        body.code = code.code();
        body.param = param;
        body.requestId = requestId;
        body.error = new Detail(message, code.code(), code.code(), param);
        body.extra.putAll(extra);
        return body;
    }

    @JsonIgnore
    public ErrorCode errorCode() {
        return ErrorCode.fromCode(code);
    }

    @JsonAnyGetter
    public Map<String, Object> extra() {
        return extra;
    }

    @JsonAnySetter
    void putExtra(String name, Object value) {
        if (!"success".equals(name)) {
            extra.put(name, value);
        }
    }

    public ApiException toException() {
        return new ApiException(errorCode(), message, param, extra);
    }
}
