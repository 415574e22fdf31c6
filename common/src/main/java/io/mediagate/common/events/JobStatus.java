package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonCreator;
import io.mediagate.common.values.WireName;

/** A job's state; on the wire and in routing's store by its lowercase name (docs/api-guide.md, "Videos and jobs"). */
public enum JobStatus implements WireName {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    /** The state a wire value names; null for null or one this version does not know. */
    @JsonCreator
    public static JobStatus of(String wire) {
        return WireName.read(JobStatus.class, wire, null);
    }

    /** Succeeded, failed or cancelled: nothing more happens to the job. */
    public boolean finished() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }
}
