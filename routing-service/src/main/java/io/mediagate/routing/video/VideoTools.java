package io.mediagate.routing.video;

import io.mediagate.ffmpeg.Ffmpeg;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import software.amazon.awssdk.services.s3.S3Client;

/** The video tools routing uses, made on first use: ffmpeg and the staging bucket. */
final class VideoTools {
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
