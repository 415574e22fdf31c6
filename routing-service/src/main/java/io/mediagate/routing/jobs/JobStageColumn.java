package io.mediagate.routing.jobs;

import io.mediagate.common.values.JobStage;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** A video job's stage in the {@code jobs} table: its wire name, so the column reads as the API shows it. */
@Converter
class JobStageColumn implements AttributeConverter<JobStage, String> {
    @Override
    public String convertToDatabaseColumn(JobStage stage) {
        return stage == null ? null : stage.wire();
    }

    @Override
    public JobStage convertToEntityAttribute(String column) {
        return JobStage.of(column);
    }
}
