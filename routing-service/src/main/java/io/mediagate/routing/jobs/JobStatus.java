package io.mediagate.routing.jobs;

/** Wire names of job states (docs/api-guide.md, "Videos and jobs"). */
public final class JobStatus {
    public static final String QUEUED = "queued";
    public static final String RUNNING = "running";
    public static final String SUCCEEDED = "succeeded";
    public static final String FAILED = "failed";
    public static final String CANCELLED = "cancelled";

    private JobStatus() {
    }

    public static boolean finished(String status) {
        return SUCCEEDED.equals(status) || FAILED.equals(status) || CANCELLED.equals(status);
    }
}
