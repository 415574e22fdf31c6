package io.mediagate.provenance.manifest;

import io.mediagate.provenance.jumbf.Found;
import java.util.List;

/**
 * A manifest store read from a file: its manifests (the active one last), which a file made from it carries along,
 * and the active manifest's label. Parsed once, when it is made.
 */
public final class Store {
    private final byte[] bytes;
    private final List<Found> manifests;

    /** The store {@code bytes} hold; refused when they are not a C2PA manifest store of at least one manifest. */
    public Store(byte[] bytes) {
        this.bytes = bytes.clone();
        List<Found> top = Found.boxes(this.bytes);
        if (top.size() != 1 || top.getFirst().label().filter("c2pa"::equals).isEmpty() || !top.getFirst().is("c2pa")) {
            throw new IllegalArgumentException("not a C2PA manifest store");
        }
        this.manifests = top.getFirst().children();
        if (manifests.isEmpty()) {
            throw new IllegalArgumentException("the manifest store holds no manifest");
        }
    }

    public byte[] bytes() {
        return bytes.clone();
    }

    /** The manifests, in the store's order, the active one last. */
    public List<Found> manifests() {
        return manifests;
    }

    public Found active() {
        return manifests.getLast();
    }

    /** The active manifest's label ({@code urn:c2pa:...}). */
    public String label() {
        return active().label().orElseThrow(() -> new IllegalArgumentException("the active manifest has no label"));
    }
}
