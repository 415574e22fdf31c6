package io.mediagate.catalog.check;

/** A provider's model listing could not be read; the check changes nothing for that provider. Never holds a key. */
final class ListingFailed extends RuntimeException {
    ListingFailed(String message) {
        super(message, null, false, false);
    }
}
