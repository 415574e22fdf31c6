package io.mediagate.common.values;

import com.fasterxml.jackson.annotation.JsonCreator;

/**
 * A video job's stage (docs/api-guide.md, "Videos and jobs"), on the wire and in routing's store by its lowercase name,
 * and the progress each starts at. A name this version does not know reads as {@link #UNKNOWN}, never as an exception.
 */
public enum JobStage implements WireName {
    GENERATING(0), TRANSCODING(40), THUMBNAIL(75), STORING(90), UNKNOWN(0);

    private final int startsAt;

    JobStage(int startsAt) {
        this.startsAt = startsAt;
    }

    /** The stage a wire name gives; null for null, {@link #UNKNOWN} for one this version does not know. */
    @JsonCreator
    public static JobStage of(String wire) {
        return WireName.read(JobStage.class, wire, UNKNOWN);
    }

    /** The job's progress when this stage starts. */
    public int progressAt() {
        return startsAt;
    }

    /**
     * The job's progress when this stage is {@code percent} done: its share between where it starts and where the next
     * stage starts (the last stage's share ends at 99: a job is at 100 only once it has ended).
     */
    public int progressWithin(int percent) {
        int to = switch (this) {
            case GENERATING -> TRANSCODING.startsAt;
            case TRANSCODING -> THUMBNAIL.startsAt;
            case THUMBNAIL -> STORING.startsAt;
            case STORING, UNKNOWN -> 100;
        };
        return startsAt + Math.max(0, Math.min(100, percent)) * (to - startsAt - 1) / 100;
    }

    /** A stage the pipeline works (after generation): what its progress reports may name. */
    public boolean inPipeline() {
        return this == TRANSCODING || this == THUMBNAIL || this == STORING;
    }
}
