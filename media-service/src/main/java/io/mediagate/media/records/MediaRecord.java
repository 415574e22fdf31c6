package io.mediagate.media.records;

import io.mediagate.common.events.MadeBy;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.events.Provenance;
import io.mediagate.common.values.Shape;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.LockModeType;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/** A stored media file and what is known about it. Owned by media-service alone. */
@Entity
@Table(name = "media")
public class MediaRecord extends PanacheEntityBase {
    /** The status of a video kept in parts while its last files are made (its owner sees it; its files are served). */
    public static final String PROCESSING = "processing";
    @Id
    public String id;
    @Column(name = "owner_id")
    public String ownerId;
    public String kind;
    public String mime;
    public String model;
    @Column(name = "model_slug")
    public String modelSlug;
    public String provider;
    @Column(name = "provider_name")
    public String providerName;
    public String prompt;
    /** {@link PromptWords#stored} of the prompt, for word search. */
    @Column(name = "prompt_words")
    public String promptWords;
    @Column(name = "revised_prompt")
    public String revisedPrompt;
    @Column(name = "size_label")
    public String sizeLabel;
    @Column(name = "duration_s")
    public Double durationSeconds;
    public Integer width;
    public Integer height;
    public long bytes;
    /** Bytes of all the item's objects; what counts against the owner's storage quota. */
    @Column(name = "total_bytes")
    public Long totalBytes;
    @Column(name = "object_key")
    public String objectKey;
    public String etag;
    /** Comma-separated ids of the media an edit or variation was made from, or null. */
    public String sources;
    /** What making the item cost in USD; null for uploads. */
    public BigDecimal price;
    /** For a result reused rather than made: the item whose stored files this one shares (same {@code objectKey}). */
    @Column(name = "reused_from")
    public String reusedFrom;
    @Column(name = "is_public")
    public boolean isPublic;
    public String status;
    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "expires_at")
    public Instant expiresAt;
    /** The main file's Content Credentials, as read when it was kept (null: not read). */
    @Convert(converter = ProvenanceColumn.class)
    public Provenance provenance;

    /**
     * Bytes {@code owner} keeps: every ready item, plus pending uploads declared after {@code pendingSince}
     * at their declared size. An older declaration no longer counts: its upload URL has expired, and
     * completing it checks the quota again with the real size.
     */
    public static long usedBytes(String owner, Instant pendingSince) {
        // items sharing their files (a reused result) count them once
        Object used = getEntityManager().createNativeQuery("select coalesce(sum(b), 0) from (select max(coalesce(total_bytes, bytes)) as b"
                        + " from media where owner_id = ?1 and (status <> 'pending' or created_at > ?2) group by object_key) shared")
                .setParameter(1, owner).setParameter(2, pendingSince).getSingleResult();
        return ((Number) used).longValue();
    }

    /** The items whose files are stored under {@code objectKey}, oldest first, locked for a change of them. */
    public static List<MediaRecord> sharing(String objectKey) {
        return MediaRecord.<MediaRecord>find("objectKey = ?1 order by createdAt, id", objectKey).withLock(LockModeType.PESSIMISTIC_WRITE).list();
    }

    /**
     * The listing form of the item (all fields); generation replies drop the listing-only ones. Videos add
     * their thumbnail, preview and variants, given with their URLs.
     */
    public MediaItem toItem(String url, String thumbnail, String preview, List<MediaItem.Variant> variants) {
        return new MediaItem(id, ownerId, kind, new MediaItem.File(url, mime, bytes),
                new MadeBy(model, modelSlug, provider, providerName, prompt, revisedPrompt,
                        price == null || price.signum() == 0 ? price : price.stripTrailingZeros()),
                new Shape(sizeLabel, durationSeconds, width, height), new MediaItem.Life(createdAt, expiresAt, isPublic, status),
                new MediaItem.Renditions(thumbnail, preview, variants), sources == null ? null : List.of(sources.split(",")), provenance,
                reusedFrom);
    }
}
