package io.mediagate.pipeline.worker;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** A stage's independent pieces of work (ffmpeg runs, staging uploads) run at once, each on a virtual thread of its own. */
public final class Together {
    private Together() {
    }

    /** Runs {@code tasks} at once and answers their results in their order, once all have ended; the first failure is thrown. */
    public static <T> List<T> all(List<Callable<T>> tasks) {
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            List<T> results = new ArrayList<>();
            for (Future<T> task : threads.invokeAll(tasks)) {
                results.add(result(task));
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a stage's work", e);
        }
    }

    private static <T> T result(Future<T> task) {
        try {
            return task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a stage's work", e);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException failure ? failure : new IllegalStateException(e.getCause());
        }
    }
}
