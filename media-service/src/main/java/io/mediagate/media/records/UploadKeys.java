package io.mediagate.media.records;

/** Where a pending upload's bytes wait in the media bucket until it is checked: one key per item, {@code uploads/<id>}. */
public final class UploadKeys {
    private UploadKeys() {
    }

    public static String of(String id) {
        return "uploads/" + id;
    }
}
