package io.mediagate.common.jobs;

import java.util.List;

/**
 * {@code result} of routing's answer about a job's events: those after the one asked for, oldest first (maybe none yet),
 * and whether the job has ended with them ({@code ended}: it has finished and no event of it comes after the last one
 * answered), so that a follower resumed at or past a finished job's last event stops at once instead of waiting for an
 * event that never comes.
 */
public record JobEventList(List<JobEvent> events, boolean ended) {}
