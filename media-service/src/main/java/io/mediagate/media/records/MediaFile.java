package io.mediagate.media.records;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.List;
import java.util.Objects;

/** One further file of a media item (a video's renditions, playlist and segments, thumbnail, preview). */
@Entity
@Table(name = "media_files")
@IdClass(MediaFile.Key.class)
public class MediaFile extends PanacheEntityBase {
    public static final String RENDITION = "rendition";
    public static final String PLAYLIST = "playlist";
    public static final String PART = "part";
    public static final String THUMBNAIL = "thumbnail";
    public static final String PREVIEW = "preview";

    @Id
    @Column(name = "media_id")
    public String mediaId;
    @Id
    public String name;
    public String role;
    public String format;
    public String codec;
    @Column(name = "size_label")
    public String sizeLabel;
    public Integer width;
    public Integer height;
    public String mime;
    public long bytes;
    @Column(name = "object_key")
    public String objectKey;
    public String etag;

    public static List<MediaFile> of(String mediaId) {
        return list("mediaId = ?1 order by name", mediaId);
    }

    /** The composite key. */
    public static class Key implements Serializable {
        public String mediaId;
        public String name;

        @Override
        public boolean equals(Object o) {
            return o instanceof Key k && Objects.equals(mediaId, k.mediaId) && Objects.equals(name, k.name);
        }

        @Override
        public int hashCode() {
            return Objects.hash(mediaId, name);
        }
    }
}
