package io.mediagate.provenance.manifest;

import io.mediagate.provenance.jumbf.Found;
import java.util.List;
import java.util.Optional;

/**
 * A manifest store read from a file: its manifests (the active one last), and of the active manifest what a derived
 * file checks before it names the file as its parent: the claim, its signature and an assertion's CBOR.
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

    /** The active manifest's claim (CBOR), version 2 or 1. */
    public Optional<byte[]> claim() {
        return active().child("c2pa.claim.v2").or(() -> active().child("c2pa.claim")).flatMap(Store::content);
    }

    /** The active manifest's COSE_Sign1 signature. */
    public Optional<byte[]> signature() {
        return active().child("c2pa.signature").flatMap(Store::content);
    }

    /** The CBOR of the active manifest's assertion labelled {@code label}. */
    public Optional<byte[]> assertion(String label) {
        return active().child("c2pa.assertions").flatMap(a -> a.child(label)).flatMap(Store::content);
    }

    private static Optional<byte[]> content(Found superbox) {
        return superbox.children().stream().findFirst().map(Found::payload);
    }

    private static List<Found> manifests(byte[] store) {
        List<Found> top = Found.boxes(store);
        if (top.size() != 1 || top.getFirst().label().filter("c2pa"::equals).isEmpty()) {
            throw new IllegalArgumentException("not a C2PA manifest store");
        }
        return top.getFirst().children();
    }
}
