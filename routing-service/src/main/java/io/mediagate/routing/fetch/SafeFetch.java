package io.mediagate.routing.fetch;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.net.AddressPolicy;
import io.mediagate.common.media.ContentSniffer;
import jakarta.enterprise.context.ApplicationScoped;
import io.vertx.core.http.HttpMethod;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Downloads a caller-supplied URL without letting it reach inside our network: {@code https} only, every
 * address the host resolves to must be public ({@link AddressPolicy}) and the connection goes to one of
 * those very addresses ({@link PinnedHttp}: no second lookup, no rebinding), redirects are followed by
 * hand and each hop is checked the same way, the body stops at {@code maxBytes}, the whole fetch at the
 * deadline, and the type is read from the bytes. Failures are 400 {@code invalid_request} on the
 * parameter that named the URL. {@code mediagate.fetch.allow-private} (tests, closed networks) lifts the
 * address and scheme checks, nothing else.
 */
@ApplicationScoped
public class SafeFetch {
    private static final int MAX_REDIRECTS = 3;
    private static final int CONNECT_MILLIS = 10_000;
    private final PinnedHttp http;
    private final boolean allowHttp;
    private final java.util.function.Predicate<InetAddress> reachable;
    private final Duration deadline;

    @jakarta.inject.Inject
    public SafeFetch(io.vertx.core.Vertx vertx, @ConfigProperty(name = "mediagate.fetch.allow-private") boolean allowPrivate,
                     @ConfigProperty(name = "mediagate.fetch.timeout") Duration deadline) {
        this(new PinnedHttp(vertx, InetAddress::getAllByName, CONNECT_MILLIS), allowPrivate, rule(allowPrivate), deadline);
    }

    /** Outside CDI (adapter tests): the default rules, or none with {@code allowPrivate}. */
    public SafeFetch(boolean allowPrivate, Duration deadline) {
        this(PinnedHttp.standalone(InetAddress::getAllByName, CONNECT_MILLIS), allowPrivate, rule(allowPrivate), deadline);
    }

    private static java.util.function.Predicate<InetAddress> rule(boolean allowPrivate) {
        return allowPrivate ? a -> true : AddressPolicy::isPublic;
    }

    /** With another resolver and address rule (tests put a loopback server on the allowed side of it). */
    SafeFetch(PinnedHttp http, boolean allowHttp, java.util.function.Predicate<InetAddress> reachable, Duration deadline) {
        this.http = http;
        this.allowHttp = allowHttp;
        this.reachable = reachable;
        this.deadline = deadline;
    }

    /** What was fetched: the file and the type its bytes show. */
    public record Fetched(Path file, String mime, long bytes) {}

    /** Fetches {@code url} into {@code target}; {@code kind} is the accepted media kind ("image" or "video"). */
    public Fetched fetch(String url, String param, String kind, long maxBytes, Path target) {
        return fetch(url, Map.of(), param, kind, maxBytes, target);
    }

    /**
     * As {@link #fetch(String, String, String, long, Path)}, sending {@code headers} (a provider's
     * download credential) to the URL's own host only, never to a host it redirects to.
     */
    public Fetched fetch(String url, Map<String, String> headers, String param, String kind, long maxBytes, Path target) {
        long until = System.nanoTime() + deadline.toNanos();
        URI uri = parse(url, param);
        String host = uri.getHost();
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            List<InetAddress> addresses = check(uri, param);
            Map<String, String> sent = new java.util.LinkedHashMap<>(host.equalsIgnoreCase(uri.getHost()) ? headers : Map.of());
            sent.put("Accept", "image/*, video/*");
            PinnedHttp.Answer answer = send(uri, addresses, sent, target, maxBytes, param, until);
            int status = answer.status();
            if (status >= 300 && status < 400 && answer.header("Location") != null) {
                uri = parse(uri.resolve(answer.header("Location")).toString(), param);
                continue;
            }
            if (status != 200) {
                throw ApiException.invalid(param, param + " could not be fetched: the server answered " + status);
            }
            if (answer.bytes() < 0) {
                throw ApiException.invalid(param, param + " is larger than " + maxBytes + " bytes");
            }
            String mime = sniff(target).filter(m -> m.startsWith(kind + "/")).orElseThrow(() ->
                    ApiException.invalid(param, param + " is not a supported " + kind));
            return new Fetched(target, mime, answer.bytes());
        }
        throw ApiException.invalid(param, param + " redirects more than " + MAX_REDIRECTS + " times");
    }

    private URI parse(String url, String param) {
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!(scheme.equals("https") || (allowHttp && scheme.equals("http"))) || uri.getHost() == null
                    || uri.getUserInfo() != null) {
                throw ApiException.invalid(param, param + " must be an https URL");
            }
            return uri;
        } catch (java.net.URISyntaxException | IllegalArgumentException e) {
            throw ApiException.invalid(param, param + " is not a valid URL");
        }
    }

    /** Resolves the host once; the connection goes to these addresses and no others. */
    private List<InetAddress> check(URI uri, String param) {
        try {
            return http.resolve(uri.getHost(), reachable);
        } catch (PinnedHttp.Refused e) {
            throw ApiException.invalid(param, param + " " + e.getMessage());
        }
    }

    private PinnedHttp.Answer send(URI uri, List<InetAddress> addresses, Map<String, String> headers, Path target, long maxBytes,
                                   String param, long until) {
        try {
            return http.exchange(HttpMethod.GET, uri, addresses, headers, null, target, maxBytes, until);
        } catch (TimeoutException e) {
            throw ApiException.invalid(param, param + " took too long to fetch");
        } catch (IOException e) {
            throw ApiException.invalid(param, param + " could not be fetched: " + e.getClass().getSimpleName());
        }
    }

    private static java.util.Optional<String> sniff(Path file) {
        try {
            return ContentSniffer.mime(file);
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }
}
