package io.mediagate.pipeline.worker;

import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.values.JobStage;
import java.nio.file.Path;
import java.util.function.IntConsumer;

/** One pipeline stage: reads its input topic, does its work, and names the topic its result goes to. */
public interface Step {
    /** The stage's name, as in {@code MEDIAGATE_PIPELINE_STAGES}. */
    String name();

    /** The stage this consumer belongs to, as {@code MEDIAGATE_PIPELINE_STAGES} names it: a stage may have more than one. */
    default String partOf() {
        return name();
    }

    String input();

    /**
     * The topic its result goes to; null for a side consumer, which tells what it does (progress, playable) and sends
     * nothing on, is never dead-lettered and never fails a job.
     */
    String output();

    /** Does the stage's work on {@code work} in the scratch directory {@code dir}; must be safe to repeat. */
    VideoWork process(VideoWork work, Path dir);

    /**
     * Called once {@code done}, as {@link #process} made it, has been sent on (never for a side consumer), on the consumer's
     * thread while the next stage starts: what need not hold the job up. Best effort: a failure here is logged and fails
     * nothing.
     */
    default void sent(VideoWork done) {
    }

    /** The stage as a job shows it ({@code transcoding}, {@code thumbnail}, {@code storing}), for its progress reports. */
    JobStage stage();

    /**
     * As {@link #process(VideoWork, Path)}, telling {@code progress} how far along it is (0–100) as it goes, where the
     * stage can tell, and when the job's video can be played.
     */
    default VideoWork process(VideoWork work, Path dir, Progress progress) {
        return process(work, dir);
    }

    /** What a stage tells of a job while it works on it. */
    interface Progress extends IntConsumer {
        /** Telling no one. */
        Progress NONE = new Progress() {
            @Override
            public void accept(int percent) {
            }

            @Override
            public void playable(MediaItem item) {
            }
        };

        /** The job's item is kept with its main rendition and plays now, before the stage's other files are made. */
        void playable(MediaItem item);
    }

    /** A failure that repeating will not cure (a file that cannot be decoded): the job fails at once. */
    final class Permanent extends RuntimeException {
        public Permanent(String message) {
            super(message);
        }
    }
}
