package io.mediagate.pipeline.worker;

import io.mediagate.common.events.VideoWork;
import java.nio.file.Path;
import java.util.function.IntConsumer;

/** One pipeline stage: reads its input topic, does its work, and names the topic its result goes to. */
public interface Step {
    /** The stage's name, as in {@code MEDIAGATE_PIPELINE_STAGES}. */
    String name();

    String input();

    String output();

    /** Does the stage's work on {@code work} in the scratch directory {@code dir}; must be safe to repeat. */
    VideoWork process(VideoWork work, Path dir);

    /** The stage as a job shows it ({@code transcoding}, {@code thumbnail}, {@code storing}), for its progress reports. */
    default String stage() {
        return name();
    }

    /**
     * As {@link #process(VideoWork, Path)}, telling {@code progress} how far along it is (0–100) as it goes, where the
     * stage can tell.
     */
    default VideoWork process(VideoWork work, Path dir, IntConsumer progress) {
        return process(work, dir);
    }

    /** A failure that repeating will not cure (a file that cannot be decoded): the job fails at once. */
    final class Permanent extends RuntimeException {
        public Permanent(String message) {
            super(message);
        }
    }
}
