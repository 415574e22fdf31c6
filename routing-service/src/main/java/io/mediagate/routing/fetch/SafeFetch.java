package io.mediagate.routing.fetch;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.net.AddressPolicy;
import io.mediagate.common.media.ContentSniffer;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Downloads a caller-supplied URL without letting it reach inside our network: {@code https} only, every
 * address the host resolves to must be public ({@link AddressPolicy}), redirects are followed by hand
 * and each hop is checked the same way, the body stops at {@code maxBytes}, the whole fetch at the
 * deadline, and the type is read from the bytes. Failures are 400 {@code invalid_request} on the
 * parameter that named the URL. {@code mediagate.fetch.allow-private} (tests, closed networks) lifts the
 * address and scheme checks, nothing else.
 */
@ApplicationScoped
public class SafeFetch {
    private static final int MAX_REDIRECTS = 3;
    private final HttpClient http;
    private final boolean allowHttp;
    private final java.util.function.Predicate<InetAddress> reachable;
    private final Duration deadline;

    @jakarta.inject.Inject
    public SafeFetch(@ConfigProperty(name = "mediagate.fetch.allow-private") boolean allowPrivate,
              @ConfigProperty(name = "mediagate.fetch.timeout") Duration deadline) {
        this(allowPrivate, allowPrivate ? a -> true : AddressPolicy::isPublic, deadline);
    }

    /** With another address rule (tests put a loopback server on the allowed side of it). */
    SafeFetch(boolean allowHttp, java.util.function.Predicate<InetAddress> reachable, Duration deadline) {
        this.allowHttp = allowHttp;
        this.reachable = reachable;
        this.deadline = deadline;
        this.http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(Duration.ofSeconds(10)).build();
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
            check(uri, param);
            HttpResponse<InputStream> response = send(uri, host.equalsIgnoreCase(uri.getHost()) ? headers : Map.of(), param, until);
            int status = response.statusCode();
            if (status >= 300 && status < 400 && response.headers().firstValue("Location").isPresent()) {
                close(response);
                uri = parse(uri.resolve(response.headers().firstValue("Location").get()).toString(), param);
                continue;
            }
            if (status != 200) {
                close(response);
                throw ApiException.invalid(param, param + " could not be fetched: the server answered " + status);
            }
            long declared = response.headers().firstValueAsLong("Content-Length").orElse(-1);
            if (declared > maxBytes) {
                close(response);
                throw ApiException.invalid(param, param + " is larger than " + maxBytes + " bytes");
            }
            long size = copy(response.body(), target, maxBytes, param, until);
            String mime = sniff(target).filter(m -> m.startsWith(kind + "/")).orElseThrow(() ->
                    ApiException.invalid(param, param + " is not a supported " + kind));
            return new Fetched(target, mime, size);
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
        } catch (java.net.URISyntaxException e) {
            throw ApiException.invalid(param, param + " is not a valid URL");
        }
    }

    private void check(URI uri, String param) {
        try {
            InetAddress[] addresses = InetAddress.getAllByName(uri.getHost());
            if (addresses.length == 0 || !Arrays.stream(addresses).allMatch(reachable)) {
                throw ApiException.invalid(param, param + " points at an address that is not public");
            }
        } catch (UnknownHostException e) {
            throw ApiException.invalid(param, param + " names a host that does not resolve");
        }
    }

    private HttpResponse<InputStream> send(URI uri, Map<String, String> headers, String param, long until) {
        Duration left = Duration.ofNanos(until - System.nanoTime());
        if (left.isNegative() || left.isZero()) {
            throw ApiException.invalid(param, param + " took too long to fetch");
        }
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(left).header("Accept", "image/*, video/*").GET();
            headers.forEach(request::header);
            return http.send(request.build(), HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException e) {
            throw ApiException.invalid(param, param + " could not be fetched: " + e.getClass().getSimpleName());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.invalid(param, param + " fetch was interrupted");
        }
    }

    private static long copy(InputStream body, Path target, long maxBytes, String param, long until) {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        try (InputStream in = body; OutputStream out = Files.newOutputStream(target)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                total += n;
                if (total > maxBytes) {
                    throw ApiException.invalid(param, param + " is larger than " + maxBytes + " bytes");
                }
                if (System.nanoTime() > until) {
                    throw ApiException.invalid(param, param + " took too long to fetch");
                }
                out.write(buffer, 0, n);
            }
            return total;
        } catch (IOException e) {
            throw ApiException.invalid(param, param + " could not be read to the end");
        }
    }

    private static java.util.Optional<String> sniff(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            return ContentSniffer.mime(in.readNBytes(64));
        } catch (IOException e) {
            return java.util.Optional.empty();
        }
    }

    private static void close(HttpResponse<InputStream> response) {
        try {
            response.body().close();
        } catch (IOException ignored) {
            // nothing to do
        }
    }
}
