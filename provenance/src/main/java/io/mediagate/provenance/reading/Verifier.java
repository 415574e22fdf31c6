package io.mediagate.provenance.reading;

import io.mediagate.provenance.formats.Embedding;
import io.mediagate.provenance.formats.Located;
import io.mediagate.provenance.formats.Mp4;
import io.mediagate.provenance.manifest.Store;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads and validates the Content Credentials a file carries, as a C2PA 2.2 validator does (chapter 15), for what the
 * suite serves and what its users upload. The store is located (15.5: exactly one in the file, else none counts); the
 * active manifest (the store's last) is validated by {@link StoreReading}: its claim, its signature and the signer's
 * chain (the JDK's PKIX validator, {@link Trust}), every assertion its claim lists by hashed URI and no other, and each
 * ingredient's manifest in turn; then the asset's content against the one hard binding the claim lists
 * ({@link HardBinding}). The validation status codes are the specification's (a few of Mediagate's own, prefixed
 * {@code io.mediagate.}, say where a file was not checked and so is not valid). Reading costs memory proportional to
 * the file and bounded time: an image is read into memory once, an MP4 streamed from disk; every box of the store is
 * parsed and hashed once; see {@link StoreReading} for the limits. A file that cannot be read is Invalid, never an error.
 * Not checked here: time-stamps, revocation, update manifests.
 */
public final class Verifier {
    private final Trust trust;
    private final Clock clock;

    public Verifier(Trust trust, Clock clock) {
        this.trust = trust;
        this.clock = clock;
    }

    /** The reading of {@code file} ({@code mime}); an MP4 is read from disk as it is, an image in memory. */
    public Report read(Path file, String mime) throws IOException {
        if ("video/mp4".equals(mime)) {
            List<Located> stores;
            try {
                stores = Mp4.is(file) ? Mp4.stores(file) : List.of();
            } catch (IllegalArgumentException e) {
                return malformed(e);
            }
            return stores.size() == 1 ? read(stores.getFirst(), new HardBinding.Bmff(file)) : Report.UNSIGNED;
        }
        if (Embedding.of(mime).isEmpty()) {
            return Report.UNSIGNED; // a format without C2PA here (GIF, WebM, QuickTime): not read into memory
        }
        return read(Files.readAllBytes(file), mime);
    }

    /** The reading of {@code file} ({@code mime}: PNG, JPEG or WebP; anything else reads as carrying nothing). */
    public Report read(byte[] file, String mime) {
        List<Located> stores;
        try {
            Optional<Embedding> embedding = Embedding.of(mime).filter(e -> e.is(file));
            stores = embedding.map(e -> e.stores(file)).orElse(List.of());
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return malformed(e); // the format's own structure is broken around where a manifest would be
        }
        // 15.5.2.1: a file with several stores is read as if it had none.
        return stores.size() == 1 ? read(stores.getFirst(), new HardBinding.Data(file, stores.getFirst())) : Report.UNSIGNED;
    }

    private Report read(Located located, HardBinding binding) {
        try {
            Store store = new Store(located.store());
            String active = store.label(); // 15.5.1: the last manifest of the store
            StoreReading reading = new StoreReading(store, trust, clock.instant());
            StoreReading.Checked checked = reading.check(active, 0);
            checked.binding().ifPresent(bound -> binding.check(bound, checked.results()));
            Results results = checked.results();
            return new Report(true, Optional.of(store), active, reading.json(), results.json(), results.state());
        } catch (IllegalArgumentException | IndexOutOfBoundsException | UnsupportedOperationException e) {
            return malformed(e);
        }
    }

    private static Report malformed(RuntimeException e) {
        Results results = new Results();
        results.failure("claim.malformed", "self#jumbf=/c2pa", "the manifest store cannot be read: " + e.getMessage());
        return new Report(true, Optional.empty(), null, Map.of(), results.json(), "Invalid");
    }
}
