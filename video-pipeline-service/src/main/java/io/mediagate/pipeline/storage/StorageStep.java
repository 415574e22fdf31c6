package io.mediagate.pipeline.storage;

import io.mediagate.common.events.Topics;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.values.JobStage;
import io.mediagate.pipeline.worker.Step;
import io.mediagate.staging.StagingBucket;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * {@code video.thumbnailed} → {@code video.completed}: media-service keeps the video, its variants,
 * thumbnail and preview (copied from staging; those the transcode stage kept ahead are not copied again), makes the item
 * ready and answers with it, and it rides on to routing. Idempotent: media-service returns the same item for a media id
 * it already keeps.
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
    public JobStage stage() {
        return JobStage.STORING;
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
        try {
            return work.withMedia(registry.register(MediaRegistry.video(work, staging.get().bucket(), work.outputs())).forGeneration());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
