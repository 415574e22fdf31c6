package io.mediagate.staging;

import jakarta.enterprise.inject.Disposes;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.net.URI;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A service's one S3 client, from {@code mediagate.s3.*}: the endpoint ({@code MEDIAGATE_S3_ENDPOINT}; AWS's
 * own for the region when unset), region, static access key and path-style addressing, over the JDK's
 * URL connection (no extra HTTP stack). Built here rather than by a Quarkus extension so that the
 * services' other extensions (OpenTelemetry among them) do not pull in S3 integrations they do not use.
 */
final class S3Clients {
    @Produces
    @Singleton
    S3Client s3(@ConfigProperty(name = "mediagate.s3.endpoint") Optional<URI> endpoint,
                @ConfigProperty(name = "mediagate.s3.region", defaultValue = "us-east-1") String region,
                @ConfigProperty(name = "mediagate.s3.access-key") String accessKey,
                @ConfigProperty(name = "mediagate.s3.secret-key", defaultValue = "") String secretKey,
                @ConfigProperty(name = "mediagate.s3.path-style", defaultValue = "true") boolean pathStyle) {
        var builder = S3Client.builder()
                .region(Region.of(region))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .forcePathStyle(pathStyle)
                .httpClientBuilder(UrlConnectionHttpClient.builder());
        endpoint.ifPresent(builder::endpointOverride);
        return builder.build();
    }

    void close(@Disposes S3Client s3) {
        s3.close();
    }
}
