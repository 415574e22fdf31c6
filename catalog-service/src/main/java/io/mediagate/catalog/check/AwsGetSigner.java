package io.mediagate.catalog.check;

import java.net.URI;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.http.auth.spi.signer.HttpSigner;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.AwsSessionCredentialsIdentity;

/** The headers that sign a body-less GET with AWS Signature Version 4 (the AWS SDK's signer), for the Bedrock listing. */
record AwsGetSigner(String accessKey, String secretKey, String sessionToken, String region, Clock clock) {
    private static final AwsV4HttpSigner SIGNER = AwsV4HttpSigner.create();

    /** The headers to send with {@code GET uri} to {@code service}; {@code Host} is left to the HTTP client, which sends the same. */
    Map<String, String> get(URI uri, String service) {
        AwsCredentialsIdentity identity = sessionToken == null ? AwsCredentialsIdentity.create(accessKey, secretKey)
                : AwsSessionCredentialsIdentity.create(accessKey, secretKey, sessionToken);
        var signed = SIGNER.sign(r -> r.identity(identity)
                .request(SdkHttpRequest.builder().uri(uri).method(SdkHttpMethod.GET).putHeader("Accept", "application/json").build())
                .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, service)
                .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                .putProperty(HttpSigner.SIGNING_CLOCK, clock));
        Map<String, String> headers = new LinkedHashMap<>();
        signed.request().forEachHeader((name, values) -> {
            if (!name.toLowerCase(Locale.ROOT).equals("host")) {
                headers.put(name, String.join(",", values));
            }
        });
        return headers;
    }
}
