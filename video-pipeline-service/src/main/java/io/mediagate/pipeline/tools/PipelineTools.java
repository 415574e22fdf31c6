package io.mediagate.pipeline.tools;

import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.services.s3.S3Client;

/** ffmpeg and the staging bucket, made on first use. */
final class PipelineTools {
    @Produces
    @Singleton
    Ffmpeg ffmpeg() {
        return Ffmpeg.locate();
    }

    @Produces
    @Singleton
    StagingBucket staging(S3Client s3, @ConfigProperty(name = "mediagate.staging.bucket") String bucket) {
        StagingBucket staging = new StagingBucket(s3, bucket);
        staging.ensure();
        return staging;
    }
}
