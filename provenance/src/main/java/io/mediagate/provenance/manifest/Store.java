package io.mediagate.provenance.manifest;

import io.mediagate.provenance.jumbf.Found;
import java.util.List;

/**
 * A manifest store read from a file: its manifests (the active one last), which a file made from it carries along,
 * and the active manifest's label.
 */
public record Store(byte[] bytes) {
    public Store {
        bytes = bytes.clone();
        if (manifests(bytes).isEmpty()) {
            throw new IllegalArgumentException("the manifest store holds no manifest");
        }
    }

    /** The manifests, in the store's order, the active one last. */
    public List<Found> manifests() {
        return manifests(bytes);
    }

    public Found active() {
        return manifests().getLast();
    }

    /** The active manifest's label ({@code urn:c2pa:...}). */
    public String label() {
        return active().label().orElseThrow(() -> new IllegalArgumentException("the active manifest has no label"));
    }

    private static List<Found> manifests(byte[] store) {
        List<Found> top = Found.boxes(store);
        if (top.size() != 1 || top.getFirst().label().filter("c2pa"::equals).isEmpty()) {
            throw new IllegalArgumentException("not a C2PA manifest store");
        }
        return top.getFirst().children();
    }
}
