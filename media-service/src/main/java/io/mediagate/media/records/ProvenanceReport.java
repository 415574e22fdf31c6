package io.mediagate.media.records;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * The whole reading of an item's main file's Content Credentials (every manifest, the validation results and state),
 * as JSON, made once when the item was kept; deleted with the item.
 */
@Entity
@Table(name = "media_provenance")
public class ProvenanceReport extends PanacheEntityBase {
    @Id
    @Column(name = "media_id")
    public String mediaId;
    public String report;

    /** Keeps {@code report} for item {@code mediaId}, replacing any kept before. */
    public static void keep(String mediaId, String report) {
        ProvenanceReport kept = findById(mediaId);
        if (kept == null) {
            kept = new ProvenanceReport();
            kept.mediaId = mediaId;
            kept.report = report;
            kept.persist();
        } else {
            kept.report = report;
        }
    }
}
