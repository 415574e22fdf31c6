package io.mediagate.common.events;

/** Kafka topic names shared by the services. */
public final class Topics {
    public static final String GENERATION_REQUESTS = "generation.requests";
    public static final String GENERATION_REPLIES = "generation.replies";
    public static final String GENERATION_EVENTS = "generation.events";
    /** Media stored and deleted, for the usage ledger's storage figures. */
    public static final String STORAGE_EVENTS = "storage.events";
    /** The video pipeline, one topic per finished step; messages carry object keys, never files. */
    public static final String VIDEO_GENERATED = "video.generated";
    public static final String VIDEO_TRANSCODED = "video.transcoded";
    public static final String VIDEO_THUMBNAILED = "video.thumbnailed";
    public static final String VIDEO_COMPLETED = "video.completed";
    public static final String VIDEO_FAILED = "video.failed";
    /** Every topic a deployment must provide (dead-letter topics are {@code <topic>.dlq}, created on use). */
    public static final java.util.List<String> ALL = java.util.List.of(GENERATION_REQUESTS, GENERATION_REPLIES,
            GENERATION_EVENTS, STORAGE_EVENTS, VIDEO_GENERATED, VIDEO_TRANSCODED, VIDEO_THUMBNAILED, VIDEO_COMPLETED,
            VIDEO_FAILED);

    private Topics() {
    }
}
