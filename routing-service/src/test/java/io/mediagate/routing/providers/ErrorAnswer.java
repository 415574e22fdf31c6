package io.mediagate.routing.providers;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLSession;

/** A provider's error answer as the error readers see it: a status, headers and a body, no server needed. */
public record ErrorAnswer(int status, String text, Map<String, List<String>> fields) implements HttpResponse<byte[]> {
    public static ErrorAnswer of(int status, String body, Map<String, List<String>> headers) {
        return new ErrorAnswer(status, body, headers);
    }

    public int statusCode() {
        return status;
    }

    public HttpRequest request() {
        return HttpRequest.newBuilder(URI.create("https://provider.example/")).build();
    }

    public Optional<HttpResponse<byte[]>> previousResponse() {
        return Optional.empty();
    }

    public HttpHeaders headers() {
        return HttpHeaders.of(fields, (a, b) -> true);
    }

    public byte[] body() {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    public Optional<SSLSession> sslSession() {
        return Optional.empty();
    }

    public URI uri() {
        return request().uri();
    }

    public HttpClient.Version version() {
        return HttpClient.Version.HTTP_1_1;
    }
}
