package io.mediagate.gateway.edge;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.RequestIdFilter;
import io.vertx.core.http.HttpServerResponse;
import io.vertx.core.json.Json;
import io.vertx.ext.web.RoutingContext;

/**
 * The failure envelope written straight to the connection, for answers given before (or instead of) the REST
 * layer: a path or headers over the limit, an undecodable path, a body over the limit however it is sent.
 * {@code status} may differ from the code's usual one where HTTP has a more precise status (414, 431).
 */
final class EdgeReply {
    private EdgeReply() {
    }

    static void send(RoutingContext ctx, int status, ErrorCode code, String message, boolean close) {
        HttpServerResponse response = ctx.response();
        if (response.headWritten() || response.ended() || response.closed()) {
            return;
        }
        String id = RequestIdFilter.newId();
        ErrorBody body = new ApiException(code, message).body(id);
        response.setStatusCode(status)
                .putHeader("Content-Type", "application/json")
                .putHeader(RequestIdFilter.HEADER, id);
        if (close) {
            response.putHeader("Connection", "close");
        }
        response.end(Json.encode(body));
    }
}
