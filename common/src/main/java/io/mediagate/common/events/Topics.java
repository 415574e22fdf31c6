package io.mediagate.common.events;

/** Kafka topic names shared by the services. */
public final class Topics {
    public static final String GENERATION_REQUESTS = "generation.requests";
    public static final String GENERATION_REPLIES = "generation.replies";
    public static final String GENERATION_EVENTS = "generation.events";

    private Topics() {
    }
}
