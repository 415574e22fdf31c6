package io.mediagate.routing.providers;

/**
 * What a long-running provider call learns from our job while it waits: whether the job was cancelled
 * (the adapter then cancels upstream and stops) and where to report the provider's progress.
 */
public interface TaskControl {
    /** True once our job has been cancelled. */
    boolean cancelled();

    /** The provider's progress, 0 to 100. */
    void progress(int percent);

    /** For calls outside a job (tests, live checks). */
    TaskControl NONE = new TaskControl() {
        @Override
        public boolean cancelled() {
            return false;
        }

        @Override
        public void progress(int percent) {
        }
    };
}
