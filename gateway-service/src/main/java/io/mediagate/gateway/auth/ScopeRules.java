package io.mediagate.gateway.auth;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which scopes let a key call an endpoint (any one of them is enough); an empty set means any valid key may.
 * <ul>
 *   <li>{@code images}: image generations, edits and variations;</li>
 *   <li>{@code videos}: video generations and the whole OpenAI video resource ({@code /v1/videos…});</li>
 *   <li>{@code images} or {@code videos}: jobs and the webhook signing secret (both serve either kind);</li>
 *   <li>{@code media:read}: listing and reading media; {@code media:write}: uploads, changes and deletions;</li>
 *   <li>{@code usage}: {@code GET /v1/usage};</li>
 *   <li>{@code batches}: the Files API and batches ({@code /v1/files…}, {@code /v1/batches…});</li>
 *   <li>none: the catalog ({@code /v1/models}, {@code /v1/providers}). Admin endpoints take the administrator key.</li>
 * </ul>
 */
public final class ScopeRules {
    private static final Set<Scope> NONE = Set.of();

    private ScopeRules() {
    }

    /** The 403 a key without the scopes {@code method} {@code path} needs gets; empty when it may call it. */
    public static Optional<ApiException> refusal(Caller caller, String method, String path) {
        Set<Scope> needed = required(method, path);
        if (needed.isEmpty() || caller.mayAny(needed)) {
            return Optional.empty();
        }
        List<String> names = needed.stream().map(s -> s.wire).toList();
        return Optional.of(new ApiException(ErrorCode.PERMISSION_DENIED, "this key lacks the scope " + String.join(" or ", names) + " that "
                + method + " " + path + " needs", null, Map.of("required_scopes", names)));
    }

    public static Set<Scope> required(String method, String path) {
        String p = path.endsWith("/") && path.length() > 1 ? path.substring(0, path.length() - 1) : path;
        if (p.startsWith("/v1/images/")) {
            return EnumSet.of(Scope.IMAGES);
        }
        if (p.equals("/v1/videos") || p.startsWith("/v1/videos/")) {
            return EnumSet.of(Scope.VIDEOS);
        }
        if (p.equals("/v1/jobs") || p.startsWith("/v1/jobs/") || p.equals("/v1/webhooks/secret")) {
            return EnumSet.of(Scope.IMAGES, Scope.VIDEOS);
        }
        if (p.equals("/v1/media") || p.startsWith("/v1/media/")) {
            return "GET".equals(method) || "HEAD".equals(method) ? EnumSet.of(Scope.MEDIA_READ) : EnumSet.of(Scope.MEDIA_WRITE);
        }
        if (p.equals("/v1/files") || p.startsWith("/v1/files/") || p.equals("/v1/batches") || p.startsWith("/v1/batches/")) {
            return EnumSet.of(Scope.BATCHES);
        }
        if (p.equals("/v1/usage")) {
            return EnumSet.of(Scope.USAGE);
        }
        return NONE;
    }
}
