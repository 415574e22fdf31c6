package io.mediagate.gateway.edge;

import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.WebApplicationExceptionMapper;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import io.vertx.ext.web.handler.BodyHandler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first thing every request on the public port meets, before authentication and the REST layer. It refuses,
 * in the envelope, what no route should ever see:
 * <ul>
 *   <li>a request target over {@code max-uri-bytes} (414), one that is not a valid URI such as a bad
 *       percent-encoding (400), or headers over {@code max-header-bytes} (431);</li>
 *   <li>more than one {@code Authorization} header (401: which key is meant cannot be told);</li>
 *   <li>a body over the limit of its route (413), whether it declares a {@code Content-Length} or is sent in
 *       chunks; chunked API bodies ({@code max-body-bytes}) are read here with that cap, so no JSON body is
 *       buffered past it; chunked bodies with files ({@code max-form-bytes}: edits, variations,
 *       {@code /v1/videos}; a Files API upload has {@code max-file-upload-bytes}) are stopped by the server's own cap,
 *       which sits just above the largest of these;</li>
 *   <li>a {@code Content-Length} that is not a number (400).</li>
 * </ul>
 * It also renders the router's own failures (an undecodable path, a target that is not a path, a body the
 * server cut off) in the envelope. The HTTP codec's limits sit well above these ({@code quarkus.http.limits}),
 * so a request has to be far outside them before the codec answers on its own with a bare status.
 */
@ApplicationScoped
public class EdgeGuard {
    /** The Files API's upload route, whose form carries a batch file of up to 200 MB: its own, larger limit. */
    private static final String FILES_API = "/v1/files";
    private static final List<Integer> FRAMEWORK_STATUSES = List.of(400, 404, 405, 406, 413, 414, 415, 431, 500, 501, 503);
    private static final Set<String> FILE_ROUTES = Set.of("/v1/images/edits", "/v1/images/variations", "/v1/videos", FILES_API);

    private final int maxUriBytes;
    private final int maxHeaderBytes;
    private final long maxBodyBytes;
    private final long maxFormBytes;
    private final long maxFileUploadBytes;

    EdgeGuard(@ConfigProperty(name = "mediagate.limits.max-uri-bytes", defaultValue = "8192") int maxUriBytes,
              @ConfigProperty(name = "mediagate.limits.max-header-bytes", defaultValue = "16384") int maxHeaderBytes,
              @ConfigProperty(name = "mediagate.limits.max-body-bytes", defaultValue = "1048576") long maxBodyBytes,
              @ConfigProperty(name = "mediagate.limits.max-form-bytes", defaultValue = "67108864") long maxFormBytes,
              @ConfigProperty(name = "mediagate.limits.max-file-upload-bytes", defaultValue = "210763776") long maxFileUploadBytes) {
        this.maxUriBytes = maxUriBytes;
        this.maxHeaderBytes = maxHeaderBytes;
        this.maxBodyBytes = maxBodyBytes;
        this.maxFormBytes = maxFormBytes;
        this.maxFileUploadBytes = maxFileUploadBytes;
    }

    void install(@Observes Router router) {
        BodyHandler apiBodies = BodyHandler.create(false).setBodyLimit(maxBodyBytes).setHandleFileUploads(false);
        router.route().order(Integer.MIN_VALUE).handler(ctx -> check(ctx, apiBodies)).failureHandler(this::renderFailure);
        for (int status : FRAMEWORK_STATUSES) {
            router.errorHandler(status, this::renderFailure);
        }
    }

    private void check(RoutingContext ctx, BodyHandler apiBodies) {
        HttpServerRequest request = ctx.request();
        if (request.uri().length() > maxUriBytes) {
            EdgeReply.send(ctx, 414, ErrorCode.INVALID_REQUEST, "the request target is limited to " + maxUriBytes + " bytes", true);
            return;
        }
        if (!validTarget(request.uri())) {
            EdgeReply.send(ctx, 400, ErrorCode.INVALID_REQUEST,
                    "the request target is not a valid URI (check its percent-encoding)", false);
            return;
        }
        if (headerBytes(request.headers()) > maxHeaderBytes) {
            EdgeReply.send(ctx, 431, ErrorCode.INVALID_REQUEST, "request headers are limited to " + maxHeaderBytes + " bytes", true);
            return;
        }
        if (request.headers().getAll("Authorization").size() > 1) {
            EdgeReply.send(ctx, 401, ErrorCode.AUTHENTICATION_ERROR, "send exactly one Authorization header", false);
            return;
        }
        boolean files = request.method() == HttpMethod.POST && FILE_ROUTES.contains(normalized(request.path()));
        long limit = limit(request.path(), files);
        String declared = request.getHeader("Content-Length");
        if (declared != null) {
            long length;
            try {
                length = Long.parseLong(declared.trim());
            } catch (NumberFormatException e) {
                EdgeReply.send(ctx, 400, ErrorCode.INVALID_REQUEST, "Content-Length is not a number", true);
                return;
            }
            if (length > limit) {
                EdgeReply.send(ctx, 413, ErrorCode.PAYLOAD_TOO_LARGE,
                        "request bodies " + (files ? "with files " : "") + "are limited to " + limit + " bytes", true);
                return;
            }
        }
        if (!files && declared == null && chunked(request)) {
            apiBodies.handle(ctx);
            return;
        }
        ctx.next();
    }

    private void renderFailure(RoutingContext ctx) {
        int status = ctx.statusCode() > 0 ? ctx.statusCode() : 500;
        if (status == 500 && ctx.failure() != null) {
            ctx.next(); // the application's own failures have their own mappers
            return;
        }
        boolean close = status == 413 || status == 414 || status == 431;
        if (status == 413) {
            long limit = limit(ctx.request().path(), FILE_ROUTES.contains(normalized(ctx.request().path())));
            EdgeReply.send(ctx, 413, ErrorCode.PAYLOAD_TOO_LARGE, "request bodies are limited to " + limit + " bytes", true);
            return;
        }
        ErrorCode code = WebApplicationExceptionMapper.codeFor(status);
        int sent = status == 414 || status == 431 ? status : code.status();
        EdgeReply.send(ctx, sent, code, WebApplicationExceptionMapper.messageFor(code), close);
    }

    private long limit(String path, boolean files) {
        return !files ? maxBodyBytes : FILES_API.equals(normalized(path)) ? maxFileUploadBytes : maxFormBytes;
    }

    /**
     * A chunked HTTP/1.1 body, read here with the cap. (An HTTP/2 body without {@code Content-Length} is left to the
     * REST layer, which cannot take a body read before it: there the server's own cap applies.)
     */
    private static boolean chunked(HttpServerRequest request) {
        HttpMethod m = request.method();
        boolean bodyMethod = m == HttpMethod.POST || m == HttpMethod.PUT || m == HttpMethod.PATCH || m == HttpMethod.DELETE;
        return bodyMethod && request.version() != HttpVersion.HTTP_2 && request.getHeader("Transfer-Encoding") != null
                && !request.isEnded();
    }

    /** What Quarkus checks before routing when its own check is on ({@link GatewayMain} turns it off for this one). */
    private static boolean validTarget(String uri) {
        try {
            new java.net.URI(uri);
            return true;
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    private static long headerBytes(MultiMap headers) {
        long total = 0;
        for (Map.Entry<String, String> h : headers) {
            total += h.getKey().length() + h.getValue().length() + 4;
        }
        return total;
    }

    private static String normalized(String path) {
        if (path == null) {
            return "";
        }
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }
}
