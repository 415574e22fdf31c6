package io.mediagate.staging;

import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.services.s3.S3Client;

/** The staging bucket named by {@code mediagate.staging.bucket}, created on first use if missing. */
final class StagingProducer {
    @Produces
    @Singleton
    StagingBucket staging(S3Client s3, @ConfigProperty(name = "mediagate.staging.bucket") String bucket) {
        StagingBucket staging = new StagingBucket(s3, bucket);
        staging.ensure();
        return staging;
    }
}
