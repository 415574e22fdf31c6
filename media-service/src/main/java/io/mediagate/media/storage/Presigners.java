package io.mediagate.media.storage;

import jakarta.inject.Singleton;
import java.net.URI;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/** S3 presigners and signers with this service's region and credentials, for a given address of the store. */
@Singleton
public class Presigners {
    private final String region;
    private final String accessKey;
    private final String secretKey;

    Presigners(@ConfigProperty(name = "mediagate.s3.region") String region,
               @ConfigProperty(name = "mediagate.s3.access-key") String accessKey,
               @ConfigProperty(name = "mediagate.s3.secret-key") String secretKey) {
        this.region = region;
        this.accessKey = accessKey;
        this.secretKey = secretKey;
    }

    /** A SigV4 signer of plain requests to the store. */
    SigV4 signer() {
        return new SigV4(accessKey, secretKey, region, "s3");
    }

    /** Where the store is: the configured endpoint, or the provider's regional one. */
    URI endpoint(Optional<URI> configured) {
        return configured.orElseGet(() -> URI.create("https://s3." + region + ".amazonaws.com"));
    }

    /** A presigner for URLs at {@code endpoint} (the provider's own when empty), path-style. */
    public S3Presigner at(Optional<URI> endpoint) {
        S3Presigner.Builder builder = S3Presigner.builder()
                .region(Region.of(region))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(true).build());
        endpoint.ifPresent(builder::endpointOverride);
        return builder.build();
    }
}
