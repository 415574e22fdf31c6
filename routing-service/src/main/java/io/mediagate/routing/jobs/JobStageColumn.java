package io.mediagate.routing.jobs;

import io.mediagate.common.values.JobStage;
import jakarta.persistence.Converter;

/** A video job's stage in the {@code jobs} table. */
@Converter
class JobStageColumn extends WireColumn<JobStage> {
    JobStageColumn() {
        super(JobStage::of);
    }
}
