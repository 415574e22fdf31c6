package io.mediagate.pipeline.worker;

/**
 * What was kept of a video ahead of the rest (its item in parts), dropped when its job fails or is cancelled in a stage;
 * the storage feature's {@code MediaRegistry} does it at media-service.
 */
public interface Unfinished {
    /** Drops item {@code mediaId} if it is still being kept in parts; best effort. */
    void discard(String mediaId);
}
