package io.mediagate.common.events;

import java.time.Instant;

/**
 * A media item's bytes kept ({@code stored}) or removed ({@code deleted}) on {@code storage.events},
 * keyed by media id. The ledger applies each change once per media id, so redeliveries change nothing.
 */
public record StorageEvent(String mediaId, String userId, String kind, long bytes, String change, Instant occurredAt) {
    public static final String STORED = "stored";
    public static final String DELETED = "deleted";
}
