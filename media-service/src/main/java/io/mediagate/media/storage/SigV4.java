package io.mediagate.media.storage;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4FamilyHttpSigner;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;

/**
 * AWS Signature Version 4 in the {@code Authorization} header, by the AWS SDK's signer ({@link AwsV4HttpSigner}), for
 * the one request media-service makes on every stored image: a PUT of an object, path-style, sent by the JDK client
 * with no SDK pipeline around it. The body is sent as {@code UNSIGNED-PAYLOAD} (payload signing off, no payload handed
 * to the signer): the store checks the signature and the length, and no hash of the image is computed on the way.
 */
final class SigV4 {
    static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
    private static final AwsV4HttpSigner SIGNER = AwsV4HttpSigner.create();
    /** Headers the JDK client sets itself; signed with the values it will send, not copied. */
    private static final java.util.Set<String> SET_BY_CLIENT = java.util.Set.of("host", "content-length");
    private final AwsCredentialsIdentity identity;
    private final String region;
    private final String service;

    /** A request ready to send: its URI and the headers to add (the client sets {@code Host} itself). */
    record Signed(URI uri, Map<String, String> headers) {}

    SigV4(String accessKey, String secretKey, String region, String service) {
        this.identity = AwsCredentialsIdentity.create(accessKey, secretKey);
        this.region = region;
        this.service = service;
    }

    /** Signs a PUT of {@code bucket/key} at {@code endpoint} (scheme, host, port, optional base path). */
    Signed put(URI endpoint, String bucket, String key, Instant now) {
        String path = basePath(endpoint) + "/" + encode(bucket) + "/" + encodePath(key);
        URI uri = URI.create(endpoint.getScheme() + "://" + endpoint.getRawAuthority() + path);
        SignedRequest signed = sign(SdkHttpRequest.builder().uri(uri).method(SdkHttpMethod.PUT).build(), null, now);
        Map<String, String> send = new LinkedHashMap<>();
        signed.request().forEachHeader((name, values) -> {
            if (!SET_BY_CLIENT.contains(name.toLowerCase(Locale.ROOT))) {
                send.put(name, String.join(",", values));
            }
        });
        return new Signed(uri, send);
    }

    /**
     * {@code request} signed at {@code now} as S3 wants it (its path signed as sent: encoded once, not normalised); with a
     * {@code payload}, its SHA-256 signed too, else {@code UNSIGNED-PAYLOAD}.
     */
    SignedRequest sign(SdkHttpRequest request, byte[] payload, Instant now) {
        return SIGNER.sign(r -> {
            r.identity(identity).request(request)
                    .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, service)
                    .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                    .putProperty(HttpSigner.SIGNING_CLOCK, Clock.fixed(now, ZoneOffset.UTC))
                    .putProperty(AwsV4HttpSigner.DOUBLE_URL_ENCODE, false)
                    .putProperty(AwsV4HttpSigner.NORMALIZE_PATH, false)
                    .putProperty(AwsV4FamilyHttpSigner.PAYLOAD_SIGNING_ENABLED, payload != null);
            if (payload != null) {
                r.payload(ContentStreamProvider.fromByteArray(payload));
            }
        });
    }

    private static String basePath(URI endpoint) {
        String raw = endpoint.getRawPath() == null ? "" : endpoint.getRawPath();
        return raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw;
    }

    /** Each segment encoded, the slashes between them kept. */
    static String encodePath(String key) {
        return Arrays.stream(key.split("/", -1)).map(SigV4::encode).collect(Collectors.joining("/"));
    }

    /** RFC 3986 encoding as S3 keys are sent: unreserved characters as they are, every other byte as %XX. */
    static String encode(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~') {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
        }
        return out.toString();
    }
}
