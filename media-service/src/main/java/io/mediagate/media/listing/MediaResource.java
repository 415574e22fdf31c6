package io.mediagate.media.listing;

import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.Page;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.media.records.MediaUrls;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * {@code GET /v1/media}: listing with filters and pagination (see {@link MediaQuery}). {@code total}
 * is exact unless {@code total_exact} is false: a search matching more items than the search count
 * limit reports that limit.
 */
@Path("/v1/media")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class MediaResource {
    private final JsonWebToken caller;
    private final MediaUrls urls;
    private final MediaListing listing;

    MediaResource(JsonWebToken caller, MediaUrls urls, MediaListing listing) {
        this.caller = caller;
        this.urls = urls;
        this.listing = listing;
    }

    @GET
    public Envelope<Map<String, Object>> list(@QueryParam("limit") String limit, @QueryParam("page") String page,
                                              @QueryParam("user") String user, @QueryParam("media") String media,
                                              @QueryParam("size") String size, @QueryParam("model") String model,
                                              @QueryParam("provider") String provider, @QueryParam("search") String search,
                                              @QueryParam("sort") String sort) {
        Page p = Page.parse(limit, page);
        MediaQuery q = MediaQuery.of(caller.getSubject(), new MediaQuery.Filters(user, media, size, model, provider, search, sort));
        MediaListing.Listing found = listing.list(q, p);
        return Envelope.of(Map.of("total", found.total(), "total_exact", found.exact(), "medias", urls.items(found.items())));
    }
}
