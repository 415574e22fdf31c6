package io.mediagate.common.events;

/** Kafka topic names shared by the services. */
public final class Topics {
    public static final String GENERATION_REQUESTS = "generation.requests";
    /** A batch's lines, each a generation request, dispatched by routing a few at a time (its own consumer group). */
    public static final String GENERATION_BATCH = "generation.batch";
    public static final String GENERATION_REPLIES = "generation.replies";
    public static final String GENERATION_EVENTS = "generation.events";
    /** Partial images of streamed image jobs, read by every gateway replica (records up to 16 MB). */
    public static final String GENERATION_PARTIALS = "generation.partials";
    /** Media stored and deleted, for the usage ledger's storage figures. */
    public static final String STORAGE_EVENTS = "storage.events";
    /** The video pipeline, one topic per finished step; messages carry object keys, never files. */
    public static final String VIDEO_GENERATED = "video.generated";
    public static final String VIDEO_TRANSCODED = "video.transcoded";
    public static final String VIDEO_THUMBNAILED = "video.thumbnailed";
    public static final String VIDEO_COMPLETED = "video.completed";
    public static final String VIDEO_FAILED = "video.failed";
    /** How far a pipeline stage is with a job ({@link StageProgress}), now and then while it works. */
    public static final String VIDEO_PROGRESS = "video.progress";

    private Topics() {
    }
}
