package io.mediagate.gateway.auth;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ApiExceptionMapper;
import io.mediagate.common.api.ErrorCode;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import jakarta.ws.rs.core.Response;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/** Authentication and authorisation failures in the envelope: 401 {@code authentication_error}, 403. */
public class AuthFailureMappers {
    private static final String HINT = "invalid or missing API key; send Authorization: Bearer <key>";

    @ServerExceptionMapper
    public Response unauthorized(UnauthorizedException e) {
        return ApiExceptionMapper.render(new ApiException(ErrorCode.AUTHENTICATION_ERROR, HINT));
    }

    @ServerExceptionMapper
    public Response failed(AuthenticationFailedException e) {
        return ApiExceptionMapper.render(new ApiException(ErrorCode.AUTHENTICATION_ERROR,
                e.getMessage() != null && (e.getMessage().startsWith(ApiKeyAuthMechanism.EXPIRED_MESSAGE)
                        || e.getMessage().equals(ApiKeyAuthMechanism.SUSPENDED_MESSAGE)) ? e.getMessage() : HINT));
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e) {
        return ApiExceptionMapper.render(new ApiException(ErrorCode.PERMISSION_DENIED,
                "this key is not allowed to do that"));
    }
}
