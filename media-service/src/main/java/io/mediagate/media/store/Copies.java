package io.mediagate.media.store;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.function.IntFunction;

/** Object-store calls made at once (up to {@link #AT_ONCE}), each on a virtual thread of its own, answered in order. */
final class Copies {
    /** Calls in flight together: a long video's dozens of HLS segments do not open dozens of connections to the store. */
    static final int AT_ONCE = 8;

    private Copies() {
    }

    /**
     * {@code call(0)} … {@code call(n - 1)} at once; their answers in that order. The first failure (in that order) is thrown
     * as it was, once every call has ended: none is left running behind the caller's transaction.
     */
    static List<String> all(int n, IntFunction<String> call) {
        if (n == 1) {
            return List.of(call.apply(0));
        }
        List<Future<String>> running = new ArrayList<>(n);
        Semaphore turns = new Semaphore(AT_ONCE);
        try (ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < n; i++) {
                int index = i;
                running.add(threads.submit(() -> {
                    turns.acquire();
                    try {
                        return call.apply(index);
                    } finally {
                        turns.release();
                    }
                }));
            }
        } // closing waits for every call
        List<String> answers = new ArrayList<>(n);
        for (Future<String> answer : running) {
            try {
                answers.add(answer.get());
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException failure) {
                    throw failure;
                }
                throw new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while copying", e);
            }
        }
        return answers;
    }
}
