package io.mediagate.routing.jobs;

import io.mediagate.common.events.JobStatus;
import jakarta.persistence.Converter;

/** A job's status in the {@code jobs} table. */
@Converter
class JobStatusColumn extends WireColumn<JobStatus> {
    JobStatusColumn() {
        super(JobStatus::of);
    }
}
