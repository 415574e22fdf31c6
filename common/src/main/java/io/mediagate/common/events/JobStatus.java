package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** A job's state; on the wire and in routing's store by its lowercase name (docs/api-guide.md, "Videos and jobs"). */
public enum JobStatus {
    QUEUED, RUNNING, SUCCEEDED, FAILED, CANCELLED;

    @JsonValue
    public String wire() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The state a wire value names; null for null or one this version does not know. */
    @JsonCreator
    public static JobStatus of(String wire) {
        for (JobStatus s : values()) {
            if (s.wire().equals(wire)) {
                return s;
            }
        }
        return null;
    }

    /** Succeeded, failed or cancelled: nothing more happens to the job. */
    public boolean finished() {
        return this == SUCCEEDED || this == FAILED || this == CANCELLED;
    }
}
