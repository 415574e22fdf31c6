package io.mediagate.common.jobs;

import java.util.List;

/** {@code result} of routing's job list: one page, and whether more follow it. */
public record JobList(List<JobView> jobs, boolean hasMore) {}
