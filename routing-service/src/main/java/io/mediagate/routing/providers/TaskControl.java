package io.mediagate.routing.providers;

/**
 * What a long-running provider call learns from our job while it waits: whether the job was cancelled
 * (the adapter then cancels upstream and stops), where to report the provider's progress, and, for a streamed image
 * job, how many partial images its caller would like and where to hand them.
 */
public interface TaskControl {
    /** True once our job has been cancelled. */
    boolean cancelled();

    /** The provider's progress, 0 to 100. */
    void progress(int percent);

    /** How many partial images the caller asked for (0 to 3): an adapter whose provider makes them asks for as many. */
    default int partialImages() {
        return 0;
    }

    /** A partial image, the {@code index}-th (0-based), as the provider made it (or the local renderer drew it). */
    default void partial(int index, byte[] image, String mime) {
    }

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
