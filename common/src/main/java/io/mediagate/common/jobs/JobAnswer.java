package io.mediagate.common.jobs;

/** {@code result} of routing's answer about one job: {@code {"job": {...}}}. */
public record JobAnswer(JobView job) {}
