package io.mediagate.common.media;

/**
 * A new item {@code id} of {@code ownerId} made of the stored files of another of the same owner's items (a result reused rather
 * than made again: {@code reuse}): its own visibility ({@code isPublic}) and retention ({@code retentionDays}, 0 for none), price
 * 0, its files the other's, kept while any item points at them.
 */
public record ReuseMedia(String id, String ownerId, boolean isPublic, int retentionDays) {}
