package io.mediagate.routing.fetch;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.events.GenerationRequest;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.media.MediaClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Brings a file a request names into a job's scratch space: this service's own media (by id, or by its file URL) from
 * media-service under the caller's visibility rules, any other URL through {@link SafeFetch}. The type is read from the
 * bytes either way, so a stored SVG is never a source.
 */
@ApplicationScoped
public class CallerFiles {
    private final MediaClient media;
    private final SafeFetch fetch;
    private final Pattern ownFiles;

    CallerFiles(MediaClient media, SafeFetch fetch, @ConfigProperty(name = "mediagate.media.public-base-url") String base) {
        this.media = media;
        this.fetch = fetch;
        String trimmed = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.ownFiles = Pattern.compile(Pattern.quote(trimmed) + "/files/(med_[A-Za-z0-9]{8,60})\\.[a-z0-9]{2,5}");
    }

    /** The media id whose file {@code url} is, or null when it is not one of this service's files. */
    public String ownId(String url) {
        Matcher m = url == null ? null : ownFiles.matcher(url);
        return m != null && m.matches() ? m.group(1) : null;
    }

    /**
     * Brings media item {@code id}, or else {@code url}, into {@code target}, as a {@code kind} ("image" or "video") of at
     * most {@code max} bytes; failures are 400s (404 for an item the caller may not see) naming {@code param}.
     */
    public Path bring(GenerationRequest request, String url, String id, String param, String kind, long max, Path target) {
        String own = id != null ? id : ownId(url);
        if (own != null) {
            media.download(own, request.userId(), request.tier(), target);
            if (!sniff(target).startsWith(kind + "/")) {
                throw ApiException.invalid(param, param + " must name " + (kind.equals("image") ? "a PNG, JPEG, WebP or GIF image" : "a video"));
            }
            return target;
        }
        return fetch.fetch(url, param, kind, max, target).file();
    }

    private static String sniff(Path file) {
        try {
            return ContentSniffer.mime(file).orElse("");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
