package io.mediagate.routing.batches;

/** A batch's statuses, as OpenAI names them ({@code validating} is over before a batch is kept here). */
final class BatchStatus {
    static final String IN_PROGRESS = "in_progress";
    static final String FINALIZING = "finalizing";
    static final String COMPLETED = "completed";
    static final String FAILED = "failed";
    static final String EXPIRED = "expired";
    static final String CANCELLING = "cancelling";
    static final String CANCELLED = "cancelled";

    private BatchStatus() {
    }
}
