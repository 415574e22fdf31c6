package io.mediagate.common.catalog;

/**
 * A catalog model whose lifecycle is announced as a whole ({@link ModelSpec#overallLifecycle}): its id, display name and
 * that lifecycle. What routing reads to tell the accounts that used a model that it is going, or gone.
 */
public record ModelLifecycle(String model, String displayName, Lifecycle lifecycle) {}
