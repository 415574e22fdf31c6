package io.mediagate.media.items;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.media.MediaApi;
import io.mediagate.common.tier.Tier;
import io.mediagate.media.provenance.Provenances;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.records.MediaUrls;
import jakarta.annotation.security.RolesAllowed;
import jakarta.transaction.Transactional;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * One media item: {@code GET} (owner, or anyone for public items), {@code GET .../provenance} (its Content Credentials,
 * read whole), {@code PATCH {public?, retainDays?}}
 * and {@code DELETE} (owner only). Another user's private item is 403, an unknown id 404. {@code DELETE}
 * also cancels the owner's pending upload: its declaration stops counting and its URL finds no record.
 */
@Path(MediaApi.ITEMS)
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class MediaItemResource {
    private final JsonWebToken caller;
    private final MediaUrls urls;
    private final Deletion deletion;
    private final Clock clock;
    private final Provenances provenances;

    MediaItemResource(JsonWebToken caller, MediaUrls urls, Deletion deletion, Clock clock, Provenances provenances) {
        this.caller = caller;
        this.urls = urls;
        this.deletion = deletion;
        this.clock = clock;
        this.provenances = provenances;
    }

    /** {@code retainDays}: keep the item this many days from now (at most the tier's retention). */
    public record Change(@com.fasterxml.jackson.annotation.JsonProperty("public") Boolean isPublic, Integer retainDays) {}

    @GET
    @Path(MediaApi.ITEM)
    public Envelope<Map<String, Object>> get(@PathParam("id") String id) {
        MediaRecord unfinished = MediaRecord.findById(id);
        if (unfinished != null && MediaRecord.PROCESSING.equals(unfinished.status) && owns(unfinished)) {
            return Envelope.of(Map.of("media", urls.item(unfinished))); // a video still being made: its owner's alone
        }
        MediaRecord record = find(id);
        if (!record.isPublic && !owns(record)) {
            throw new ApiException(ErrorCode.PERMISSION_DENIED, "media " + id + " is private");
        }
        return Envelope.of(Map.of("media", urls.item(record)));
    }

    /**
     * The whole reading of the item's main file's Content Credentials, as validated when the item was kept: every manifest of its store (claim
     * generator, signer, assertions, ingredients), the active manifest's validation results and state; {@code signed:
     * false} when it carries none. Seen by whoever may see the item.
     */
    @GET
    @Path(MediaApi.ITEM + "/provenance")
    public Envelope<Map<String, Object>> provenance(@PathParam("id") String id) {
        MediaRecord record = find(id);
        if (!record.isPublic && !owns(record)) {
            throw new ApiException(ErrorCode.PERMISSION_DENIED, "media " + id + " is private");
        }
        return Envelope.of(Map.of("id", id, "provenance", provenances.report(record)));
    }

    @PATCH
    @Path(MediaApi.ITEM)
    @Consumes(MediaType.APPLICATION_JSON)
    @Transactional
    public Envelope<Map<String, Object>> change(@PathParam("id") String id, Change change) {
        MediaRecord record = owned(id);
        if (change == null || (change.isPublic() == null && change.retainDays() == null)) {
            throw ApiException.invalid("public", "give public and/or retainDays");
        }
        if (change.retainDays() != null) {
            int max = Tier.limitsOf(caller.getClaim(InternalToken.TIER_CLAIM)).retentionDays();
            if (change.retainDays() < 1 || change.retainDays() > max) {
                throw ApiException.invalid("retainDays", "retainDays must be between 1 and " + max + " (your tier's retention)");
            }
            Instant until = Instant.now(clock).truncatedTo(ChronoUnit.MILLIS).plus(Duration.ofDays(change.retainDays()));
            if (record.expiresAt == null || until.isAfter(record.expiresAt)) {
                record.expiresAt = until;
            }
        }
        if (change.isPublic() != null) {
            record.isPublic = change.isPublic();
        }
        return Envelope.of(Map.of("media", urls.item(record)));
    }

    @DELETE
    @Path(MediaApi.ITEM)
    public Envelope<Map<String, Object>> delete(@PathParam("id") String id) {
        MediaRecord record = MediaRecord.findById(id);
        if (record == null || !owns(record) && !"ready".equals(record.status)) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no media " + id);
        }
        if (!owns(record)) {
            throw new ApiException(ErrorCode.PERMISSION_DENIED, "only the owner may change or delete media " + id);
        }
        if (MediaRecord.PROCESSING.equals(record.status)) {
            throw ApiException.invalid("id", "media " + id + " is still being made; cancel its job to drop it");
        }
        deletion.delete(id);
        return Envelope.of(Map.of("id", id, "deleted", true));
    }

    private MediaRecord owned(String id) {
        MediaRecord record = find(id);
        if (!owns(record)) {
            throw new ApiException(ErrorCode.PERMISSION_DENIED, "only the owner may change or delete media " + id);
        }
        return record;
    }

    private boolean owns(MediaRecord record) {
        return record.ownerId.equals(caller.getSubject()) || caller.getGroups().contains(InternalToken.ADMIN);
    }

    private static MediaRecord find(String id) {
        MediaRecord record = MediaRecord.findById(id);
        if (record == null || !"ready".equals(record.status)) {
            throw new ApiException(ErrorCode.NOT_FOUND, "no media " + id);
        }
        return record;
    }
}
