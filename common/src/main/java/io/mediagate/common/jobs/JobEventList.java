package io.mediagate.common.jobs;

import java.util.List;

/** {@code result} of routing's answer about a job's events: those after the one asked for, oldest first (maybe none yet). */
public record JobEventList(List<JobEvent> events) {}
