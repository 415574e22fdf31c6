package io.mediagate.routing.providers;

import java.util.ArrayList;
import java.util.List;

/** A streamed job's control for adapter tests: asks for {@code partialImages} and keeps each partial image handed to it. */
public final class StreamedControl implements TaskControl {
    private final int partialImages;
    private final List<Integer> indexes = new ArrayList<>();
    private final List<GeneratedImage> partials = new ArrayList<>();

    public StreamedControl(int partialImages) {
        this.partialImages = partialImages;
    }

    @Override
    public boolean cancelled() {
        return false;
    }

    @Override
    public void progress(int percent) {
    }

    @Override
    public int partialImages() {
        return partialImages;
    }

    @Override
    public synchronized void partial(int index, byte[] image, String mime) {
        indexes.add(index);
        partials.add(new GeneratedImage(image, mime, null));
    }

    /** The indexes of the partial images received, in the order they came. */
    public synchronized List<Integer> indexes() {
        return List.copyOf(indexes);
    }

    public synchronized List<GeneratedImage> partials() {
        return List.copyOf(partials);
    }
}
