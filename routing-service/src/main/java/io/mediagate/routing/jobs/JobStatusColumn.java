package io.mediagate.routing.jobs;

import io.mediagate.common.events.JobStatus;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;

/** A job's status in the {@code jobs} table: its wire name, so the column reads as the API shows it. */
@Converter
class JobStatusColumn implements AttributeConverter<JobStatus, String> {
    @Override
    public String convertToDatabaseColumn(JobStatus status) {
        return status == null ? null : status.wire();
    }

    @Override
    public JobStatus convertToEntityAttribute(String column) {
        return JobStatus.of(column);
    }
}
