package io.mediagate.common.api;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * A body whose fields have the wrong JSON types ({@code "bytes": true}, {@code "mime": ["a"]}, {@code []} where an
 * object is expected) is 400 {@code invalid_request} naming the field in the envelope. Without this, the REST
 * layer's own mapper for the same exception answers an empty 400.
 */
@Provider
public class MismatchedInputExceptionMapper implements ExceptionMapper<MismatchedInputException> {
    @Override
    public Response toResponse(MismatchedInputException e) {
        List<JsonMappingException.Reference> path = e.getPath();
        String field = null;
        for (JsonMappingException.Reference reference : path) {
            if (reference.getFieldName() != null) {
                field = field == null ? reference.getFieldName() : field + "." + reference.getFieldName();
            }
        }
        String message = field == null
                ? "the body must be a JSON object"
                : field + " must be " + expected(e.getTargetType());
        return ApiExceptionMapper.render(ApiException.invalid(field, message));
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "of another type";
        }
        if (type == String.class || type.isEnum()) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (Number.class.isAssignableFrom(type) || (type.isPrimitive() && type != boolean.class)) {
            return "a number";
        }
        if (type.isArray() || Collection.class.isAssignableFrom(type)) {
            return "an array";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "an object";
        }
        return "of another type";
    }
}
