package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * A provider's own batch API for image generations (OpenAI's Batch, Gemini's batch mode): many requests sent as one batch,
 * made within the provider's window at its batch price, and collected when it has ended. The adapter says only what the
 * provider's calls are; routing keeps the lines, the batches and their state in its database ({@code providerbatches}),
 * so that nothing of it lives in a thread.
 */
public interface ImageBatches {
    /** One request of a batch: our key for it (the job's id) and its body as the provider's batch takes it. */
    record Line(String key, Object body) {}

    /** What the provider answered for one line. */
    sealed interface Answer {
        /** The line's answer, as the provider's synchronous endpoint would have answered it (JSON text). */
        record Made(String body) implements Answer {}

        /** The line failed at the provider (made nothing, and another try may): why. */
        record Failed(String message) implements Answer {}

        /** The provider refused the line's request for its content: the line fails, as its call would have. */
        record Refused(String message) implements Answer {}
    }

    /** One look at a provider batch. */
    sealed interface Look {
        record Pending(String state) implements Look {}

        /** Ended with results, each line's handed over already; a line without an answer was not made. */
        record Ended(String state) implements Look {}

        /** Ended without results (failed, expired or cancelled at the provider): no line was made. */
        record Lost(String state) implements Look {}
    }

    /** Whether a request for {@code task} can go through the batch (else it runs as a job of its own). */
    default boolean takes(ImageTask task) {
        return task.control().partialImages() == 0;
    }

    /** The body one line sends for {@code task}. */
    Object line(ImageTask task);

    /** The most lines one provider batch is given here. */
    int maxLines();

    /**
     * Submits {@code lines} for {@code upstreamModel} as one batch, kept at the provider under {@code label} (our id of it, so
     * that {@link #find} recovers a batch made just before a crash), and answers the provider's id of it.
     */
    String submit(ProviderSpec provider, String upstreamModel, String label, List<Line> lines);

    /** The provider's id of the batch submitted under {@code label}, if one was. */
    Optional<String> find(ProviderSpec provider, String label);

    /** One look at batch {@code id}; once it has ended, each line's answer is handed to {@code answers} (by key) before this returns. */
    Look look(ProviderSpec provider, String id, BiConsumer<String, Answer> answers);

    /** The images of a line's answer ({@link Answer.Made#body}), as the synchronous call would have given them. */
    List<GeneratedImage> images(ProviderSpec provider, String body);
}
