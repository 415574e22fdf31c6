package io.mediagate.routing.providers.bedrock;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Upstream;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where and as whom Bedrock is called, read per call: the access key id from the provider's key variable
 * ({@code AWS_ACCESS_KEY_ID} in the bundled catalog), the secret from {@code AWS_SECRET_ACCESS_KEY}, an optional
 * {@code AWS_SESSION_TOKEN}, the region from {@code AWS_REGION} (default {@code us-east-1}). The runtime endpoint is
 * the catalog's {@code baseUrl}, else {@code AWS_ENDPOINT_URL_BEDROCK_RUNTIME}, else the region's public one; S3
 * (where Nova Reel writes videos, {@code BEDROCK_OUTPUT_S3_URI}) is {@code AWS_ENDPOINT_URL_S3} path-style, else the
 * bucket's virtual host. The variable names are the AWS SDKs' own.
 */
record BedrockSettings(String accessKey, String secretKey, String sessionToken, String region, String runtimeBase,
                       String s3Endpoint, String outputS3Uri) {
    static final String SECRET = "AWS_SECRET_ACCESS_KEY";
    static final String SESSION_TOKEN = "AWS_SESSION_TOKEN";
    static final String REGION = "AWS_REGION";
    static final String RUNTIME_ENDPOINT = "AWS_ENDPOINT_URL_BEDROCK_RUNTIME";
    static final String S3_ENDPOINT = "AWS_ENDPOINT_URL_S3";
    /** The bucket and prefix Nova Reel writes its videos under, {@code s3://bucket/prefix}. */
    static final String OUTPUT_S3_URI = "BEDROCK_OUTPUT_S3_URI";

    static BedrockSettings read(ProviderSpec provider, Function<String, Optional<String>> settings) {
        String accessKey = Upstream.requireCredential(provider);
        Function<String, String> value = name -> settings.apply(name).map(String::trim).filter(s -> !s.isEmpty()).orElse(null);
        String secret = value.apply(SECRET);
        if (secret == null) {
            throw ProviderException.credentials(provider.id() + " has no " + SECRET + " configured");
        }
        String region = Optional.ofNullable(value.apply(REGION)).orElse("us-east-1");
        if (!region.matches("[a-z0-9-]{1,40}")) {
            throw ProviderException.credentials(provider.id() + " has an invalid " + REGION);
        }
        String runtime = Upstream.base(provider, Optional.ofNullable(value.apply(RUNTIME_ENDPOINT))
                .orElse("https://bedrock-runtime." + region + ".amazonaws.com"));
        String s3 = value.apply(S3_ENDPOINT);
        return new BedrockSettings(accessKey, secret, value.apply(SESSION_TOKEN), region, runtime,
                s3 == null ? null : s3.replaceAll("/+$", ""), value.apply(OUTPUT_S3_URI));
    }
}
