package io.mediagate.gateway.images;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
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

    /** The file's bytes as a request body, streamed from disk. */
    HttpRequest.BodyPublisher publisher() {
        try {
            if (!file.isInMemory()) {
                return HttpRequest.BodyPublishers.ofFile(file.getFile());
            }
            try (InputStream in = file.getInputStream()) {
                return HttpRequest.BodyPublishers.ofByteArray(in.readAllBytes());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
