package io.mediagate.common.catalog;

import java.time.Instant;

/** One version of a model. */
public record VersionSpec(String version, Instant createdAt) {
}
