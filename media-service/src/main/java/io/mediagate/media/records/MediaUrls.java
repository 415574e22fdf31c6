package io.mediagate.media.records;

import io.mediagate.common.events.MediaItem;
import io.mediagate.common.media.ContentSniffer;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Comparator;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * CDN-style addresses of stored files: {@code {public-base-url}/files/{id}.{ext}} for an item's main file,
 * {@code {public-base-url}/files/{id}/{name}} for its further files; private items' addresses are signed
 * and expire ({@link UrlSigning}).
 */
@ApplicationScoped
public class MediaUrls {
    private final String base;
    private final UrlSigning signing;
    private final java.time.Clock clock;

    MediaUrls(@ConfigProperty(name = "mediagate.media.public-base-url") String base, UrlSigning signing, java.time.Clock clock) {
        this.base = base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
        this.signing = signing;
        this.clock = clock;
    }

    /** The item's main file: a plain CDN-style URL when public, a signed expiring one when private. */
    public String url(MediaRecord record) {
        return address(record.id, "/files/" + fileName(record.id, record.mime), record.isPublic);
    }

    /** The URL of one of an item's further files. */
    public String url(MediaRecord record, MediaFile file) {
        return address(record.id, "/files/" + record.id + "/" + file.name, record.isPublic);
    }

    /** A private item's addresses all carry one signature, good for every file of the item. */
    private String address(String id, String path, boolean isPublic) {
        if (isPublic) {
            return base + path;
        }
        long expires = clock.instant().plus(signing.lifetime()).getEpochSecond();
        return base + path + "?" + signing.query(UrlSigning.scope(id), expires);
    }

    /** The item as the API shows it, with its thumbnail and, for a video, its preview and variants. */
    public MediaItem item(MediaRecord record) {
        return item(record, MediaFile.of(record.id));
    }

    /** A page of items, their further files read in one query. */
    public List<MediaItem> items(List<MediaRecord> records) {
        if (records.isEmpty()) {
            return List.of();
        }
        java.util.Map<String, List<MediaFile>> files = MediaFile.<MediaFile>list("mediaId in ?1",
                        records.stream().map(r -> r.id).toList()).stream()
                .collect(java.util.stream.Collectors.groupingBy(f -> f.mediaId));
        return records.stream().map(r -> item(r, files.getOrDefault(r.id, List.of()))).toList();
    }

    /** The item as the API shows it, given its further files. */
    public MediaItem item(MediaRecord record, List<MediaFile> files) {
        String thumbnail = files.stream().filter(f -> MediaFile.THUMBNAIL.equals(f.role)).findFirst()
                .map(f -> url(record, f)).orElse(null);
        String preview = files.stream().filter(f -> MediaFile.PREVIEW.equals(f.role)).findFirst()
                .map(f -> url(record, f)).orElse(null);
        List<MediaItem.Variant> variants = files.stream()
                .filter(f -> MediaFile.RENDITION.equals(f.role) || MediaFile.PLAYLIST.equals(f.role))
                .sorted(Comparator.comparing((MediaFile f) -> f.format).thenComparing(f -> -(f.height == null ? 0 : f.height)))
                .map(f -> new MediaItem.Variant(f.format, f.codec, f.sizeLabel, f.width, f.height, f.mime,
                        f.objectKey.equals(record.objectKey) ? url(record) : url(record, f), f.bytes))
                .toList();
        return record.toItem(url(record), thumbnail, preview, variants.isEmpty() ? null : variants);
    }

    public static String fileName(String id, String mime) {
        return id + "." + ContentSniffer.extension(mime);
    }
}
