package io.mediagate.routing.providers.bedrock;

import java.net.URI;
import java.net.http.HttpRequest;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.SignedRequest;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.AwsSessionCredentialsIdentity;

/**
 * Signs a call with AWS Signature Version 4 through the AWS SDK's signer and hands it over as a JDK request, so
 * Bedrock calls share the adapters' one HTTP client, timeouts and failure classes. Headers the JDK sets itself
 * ({@code Host}, {@code Content-Length}) are signed with the values it will send and not copied.
 */
final class AwsSigner {
    /** SHA-256 of an empty body, which S3 wants named in {@code x-amz-content-sha256}. */
    static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    private static final Set<String> SET_BY_CLIENT = Set.of("host", "content-length");
    private static final AwsV4HttpSigner SIGNER = AwsV4HttpSigner.create();
    private final Clock clock;

    AwsSigner(Clock clock) {
        this.clock = clock;
    }

    /**
     * @param service the signing name ({@code bedrock} for Bedrock's runtime, {@code s3})
     * @param body    the payload, or null for none
     */
    HttpRequest.Builder sign(HttpRequest.Builder target, String method, URI uri, Map<String, String> headers, byte[] body,
                             BedrockSettings settings, String service) {
        SdkHttpRequest.Builder request = SdkHttpRequest.builder().uri(uri).method(SdkHttpMethod.fromValue(method));
        headers.forEach(request::putHeader);
        boolean s3 = "s3".equals(service);
        if (s3) {
            request.putHeader("x-amz-content-sha256", EMPTY_SHA256);
        }
        AwsCredentialsIdentity identity = settings.sessionToken() == null
                ? AwsCredentialsIdentity.create(settings.accessKey(), settings.secretKey())
                : AwsSessionCredentialsIdentity.create(settings.accessKey(), settings.secretKey(), settings.sessionToken());
        SignedRequest signed = SIGNER.sign(r -> {
            r.identity(identity).request(request.build())
                    .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, service)
                    .putProperty(AwsV4HttpSigner.REGION_NAME, settings.region())
                    .putProperty(HttpSigner.SIGNING_CLOCK, clock);
            if (body != null) {
                r.payload(ContentStreamProvider.fromByteArray(body));
            }
            if (s3) {
                // S3 signs its path as sent, once encoded and not normalised
                r.putProperty(AwsV4HttpSigner.DOUBLE_URL_ENCODE, false).putProperty(AwsV4HttpSigner.NORMALIZE_PATH, false);
            }
        });
        signed.request().forEachHeader((name, values) -> {
            if (!SET_BY_CLIENT.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                values.forEach(v -> target.header(name, v));
            }
        });
        return target.method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
    }
}
