package io.mediagate.pipeline.storage;

import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.pipeline.worker.Step;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * {@code video.thumbnailed} → {@code video.completed}: media-service keeps the video, its variants,
 * thumbnail and preview (copied from staging) and answers with the media item, which rides on to routing.
 * Idempotent: media-service returns the same item for a media id it already keeps.
 */
@ApplicationScoped
public class StorageStep implements Step {
    private final MediaRegistry registry;
    private final Instance<StagingBucket> staging;

    StorageStep(MediaRegistry registry, Instance<StagingBucket> staging) {
        this.registry = registry;
        this.staging = staging;
    }

    @Override
    public String name() {
        return "storage";
    }

    @Override
    public String input() {
        return Topics.VIDEO_THUMBNAILED;
    }

    @Override
    public String output() {
        return Topics.VIDEO_COMPLETED;
    }

    @Override
    public VideoWork process(VideoWork work, Path dir) {
        RegisterMedia command = RegisterMedia.video(
                new RegisterMedia.Keeping(work.mediaId(), work.userId(), work.isPublic(), work.retentionDays()),
                work.madeBy(),
                new RegisterMedia.Shape(work.size(), work.duration(), work.width(), work.height()),
                staging.get().bucket(), work.size() + ".mp4", work.outputs());
        try {
            return work.withMedia(registry.register(command).forGeneration());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
