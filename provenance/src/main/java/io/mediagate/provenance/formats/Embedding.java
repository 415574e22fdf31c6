package io.mediagate.provenance.formats;

import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.manifest.Manifest;
import java.util.List;
import java.util.Optional;

/** How a file format carries a C2PA manifest store: where it goes, and what the data hash leaves out. */
public sealed interface Embedding permits Png, Jpeg, WebP {
    /** The format's MIME type. */
    String mime();

    /** Whether {@code file} is of this format (by its first bytes). */
    boolean is(byte[] file);

    /**
     * Every C2PA manifest store {@code file} carries, where it is; refused ({@link IllegalArgumentException}) where the
     * format's structure is broken around one. A file with two stores has none that counts (C2PA 2.2, 15.5.2.1).
     */
    List<Located> stores(byte[] file);

    /** The manifest store {@code file} carries (its Content Credentials, as embedded), when it carries exactly one. */
    default Optional<byte[]> store(byte[] file) {
        List<Located> stores = stores(file);
        return stores.size() == 1 ? Optional.of(stores.getFirst().store()) : Optional.empty();
    }

    /** Whether {@code file} carries a manifest store already (its own Content Credentials, or several). */
    default boolean carries(byte[] file) {
        return !stores(file).isEmpty();
    }

    /** {@code file} with {@code manifest}, signed by {@code key}, embedded; refused for a file that {@link #carries} one. */
    byte[] sign(byte[] file, Manifest manifest, SigningKey key);

    /** The embedding of {@code mime}, where C2PA is supported here. */
    static Optional<Embedding> of(String mime) {
        return switch (mime) {
            case "image/png" -> Optional.of(new Png());
            case "image/jpeg" -> Optional.of(new Jpeg());
            case "image/webp" -> Optional.of(new WebP());
            default -> Optional.empty();
        };
    }
}
