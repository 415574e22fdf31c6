package io.mediagate.common.calls;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Duration;

/**
 * One call to another Mediagate service: method, address, who it is made as, how long it may take, and its body
 * ({@code null}: none) with its content type.
 */
public record Call(String method, URI uri, CallAs as, Duration timeout, HttpRequest.BodyPublisher body, String contentType) {
    public static Call get(URI uri, CallAs as, Duration timeout) {
        return new Call("GET", uri, as, timeout, null, null);
    }

    public static Call delete(URI uri, CallAs as, Duration timeout) {
        return new Call("DELETE", uri, as, timeout, null, null);
    }

    public static Call post(URI uri, CallAs as, Duration timeout, HttpRequest.BodyPublisher body, String contentType) {
        return new Call("POST", uri, as, timeout, body, contentType);
    }
}
