package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * How a provider takes its credential, declared once per adapter: a header with an optional prefix ({@link #bearer()},
 * {@code x-goog-api-key}, fal's {@code Key }), or HTTP Basic. Providers that sign each call (Kling's JWT, Bedrock's
 * SigV4) make the signed value themselves and carry it with {@link #with}. The credential comes from the variable the
 * catalog names and never appears in messages or logs.
 */
public sealed interface Auth {
    /** {@code Authorization: Bearer <credential>}. */
    static Auth bearer() {
        return new Header("Authorization", "Bearer ");
    }

    /** The credential as it is in header {@code name}. */
    static Auth header(String name) {
        return new Header(name, "");
    }

    /** The credential after {@code prefix} in header {@code name}. */
    static Auth header(String name, String prefix) {
        return new Header(name, prefix);
    }

    /** {@code Authorization: Basic base64(credential)}, the credential being {@code user:password}. */
    static Auth basic() {
        return new Basic();
    }

    /** The header name and value carrying {@code credential}. */
    Map.Entry<String, String> carrying(String credential);

    /** {@code credential} ready to go on requests. */
    default Credential with(String credential) {
        return new Credential(carrying(credential));
    }

    /** The provider's credential ready to go on requests; none configured is a {@code credentials} failure. */
    default Credential of(ProviderSpec provider) {
        return with(Upstream.requireCredential(provider));
    }

    record Header(String name, String prefix) implements Auth {
        @Override
        public Map.Entry<String, String> carrying(String credential) {
            return Map.entry(name, prefix + credential);
        }
    }

    record Basic() implements Auth {
        @Override
        public Map.Entry<String, String> carrying(String credential) {
            return Map.entry("Authorization", "Basic " + Base64.getEncoder().encodeToString(credential.getBytes(StandardCharsets.UTF_8)));
        }
    }

    /** A credential in its header; {@link #toString()} never shows the value. */
    final class Credential {
        private final Map.Entry<String, String> header;

        Credential(Map.Entry<String, String> header) {
            this.header = header;
        }

        /** {@code request} with the credential's header. */
        public HttpRequest.Builder sign(HttpRequest.Builder request) {
            return request.header(header.getKey(), header.getValue());
        }

        /** The header's name and value, for {@link HttpRequest.Builder#headers(String...)}. */
        public String[] header() {
            return new String[] {header.getKey(), header.getValue()};
        }

        /** The header alone, for a download that needs it (Veo's video). */
        public Map<String, String> asHeaders() {
            return Map.of(header.getKey(), header.getValue());
        }

        @Override
        public String toString() {
            return "Credential[" + header.getKey() + "]";
        }
    }
}
