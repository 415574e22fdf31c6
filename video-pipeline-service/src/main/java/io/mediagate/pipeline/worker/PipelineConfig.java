package io.mediagate.pipeline.worker;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/** The pipeline's settings ({@code mediagate.pipeline.*}). */
@ConfigMapping(prefix = "mediagate.pipeline")
public interface PipelineConfig {
    /** Stages this process runs: any of transcode, thumbnail, storage. */
    List<String> stages();

    /** {@link #stages} as the stages' own names: trimmed, lower case. */
    default List<String> stageNames() {
        return stages().stream().map(name -> name.trim().toLowerCase(Locale.ROOT)).toList();
    }

    /** Whether this process runs the stage {@code name}. */
    default boolean runs(String name) {
        return stageNames().contains(name);
    }

    /** Scratch space for files being worked on. */
    Path workDir();

    /** Tries of one message before it is a poison message (dead-lettered, the job failed). */
    @WithDefault("3")
    int maxAttempts();

    /** First pause between tries; doubles each time. */
    @WithDefault("1s")
    Duration backoff();

    /** Longest one step may take on one message. */
    @WithDefault("15m")
    Duration stepTimeout();
}
