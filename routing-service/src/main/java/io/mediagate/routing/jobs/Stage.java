package io.mediagate.routing.jobs;

/** Wire names of a video job's stages (docs/api-guide.md, "Videos and jobs") and the progress each starts at. */
public final class Stage {
    public static final String GENERATING = "generating";
    public static final String TRANSCODING = "transcoding";
    public static final String THUMBNAIL = "thumbnail";
    public static final String STORING = "storing";

    private Stage() {
    }

    /**
     * The job's progress when {@code stage} is {@code percent} done: its share between where it starts and where the next
     * stage starts (the last stage's share ends at 99: a job is at 100 only once it has ended).
     */
    public static int progressWithin(String stage, int percent) {
        int from = progressAt(stage);
        int to = switch (stage) {
            case GENERATING -> progressAt(TRANSCODING);
            case TRANSCODING -> progressAt(THUMBNAIL);
            case THUMBNAIL -> progressAt(STORING);
            default -> 100;
        };
        return from + Math.max(0, Math.min(100, percent)) * (to - from - 1) / 100;
    }

    public static int progressAt(String stage) {
        return switch (stage) {
            case TRANSCODING -> 40;
            case THUMBNAIL -> 75;
            case STORING -> 90;
            default -> 0;
        };
    }
}
