package io.mediagate.gateway.images;

import io.mediagate.common.events.MediaItem;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.media.RegisterMedia;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.concurrent.CompletableFuture;
import org.jboss.resteasy.reactive.server.multipart.FileItem;

/**
 * One image file of an edit or variation, checked: its real type and size in pixels (from its head), its
 * length, and the uploaded file itself, which stays where the server put it (on disk) until it is kept.
 */
public record UploadedImage(String field, String mime, int width, int height, long bytes, FileItem file) {

    /** The file's bytes, from disk or memory. */
    public InputStream open() {
        try {
            return file.getInputStream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Keeps the file at media-service as {@code command} says: streamed from disk, or from memory when it is small. */
    CompletableFuture<MediaItem> keep(MediaApi media, RegisterMedia command) {
        if (!file.isInMemory()) {
            return media.register(command, file.getFile());
        }
        try (InputStream in = file.getInputStream()) {
            return media.register(command, in.readAllBytes());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
