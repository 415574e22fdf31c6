package io.mediagate.routing.jobs;

/** Wire names of a video job's stages (docs/api-guide.md, "Videos and jobs") and the progress each starts at. */
public final class Stage {
    public static final String GENERATING = "generating";
    public static final String TRANSCODING = "transcoding";
    public static final String THUMBNAIL = "thumbnail";
    public static final String STORING = "storing";

    private Stage() {
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
