package io.mediagate.catalog.check;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** The few GETs a model listing makes: JSON answers, a 404 as "no such model", every other failure as {@link ListingFailed}. */
final class ListingHttp {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final Duration timeout;

    ListingHttp(Duration timeout) {
        this.timeout = timeout;
    }

    JsonNode get(String url, String header, String value) {
        return get(url, Map.of(header, value));
    }

    /** As {@link #get(String, String, String)} with several headers (a signed call's). */
    JsonNode get(String url, Map<String, String> headers) {
        HttpResponse<byte[]> response = send(url, headers);
        if (response.statusCode() != 200) {
            throw new ListingFailed("the listing answered " + response.statusCode());
        }
        try {
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new ListingFailed("the listing is not JSON");
        }
    }

    /** True on 200, false on 404 or 410; anything else fails the listing. */
    boolean exists(String url, String header, String value) {
        int status = send(url, Map.of(header, value)).statusCode();
        return switch (status) {
            case 200 -> true;
            case 404, 410 -> false;
            default -> throw new ListingFailed("the lookup answered " + status);
        };
    }

    private HttpResponse<byte[]> send(String url, Map<String, String> headers) {
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(timeout);
            headers.forEach(request::setHeader);
            if (headers.keySet().stream().noneMatch("Accept"::equalsIgnoreCase)) {
                request.header("Accept", "application/json");
            }
            return client.send(request.GET().build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException | IllegalArgumentException e) {
            throw new ListingFailed("the listing could not be reached");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ListingFailed("interrupted");
        }
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
