package io.mediagate.media.listing;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.Envelope;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.api.Page;
import io.mediagate.common.events.MediaItem;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.media.records.MediaRecord;
import io.mediagate.media.records.MediaUrls;
import io.quarkus.hibernate.orm.panache.PanacheQuery;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** {@code GET /v1/media}: listing with filters and pagination (see {@link MediaQuery}). */
@Path("/v1/media")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class MediaResource {
    private final JsonWebToken caller;
    private final MediaUrls urls;

    MediaResource(JsonWebToken caller, MediaUrls urls) {
        this.caller = caller;
        this.urls = urls;
    }

    @GET
    public Envelope<Map<String, Object>> list(@QueryParam("limit") String limit, @QueryParam("page") String page,
                                              @QueryParam("user") String user, @QueryParam("media") String media,
                                              @QueryParam("size") String size, @QueryParam("model") String model,
                                              @QueryParam("provider") String provider, @QueryParam("search") String search,
                                              @QueryParam("sort") String sort) {
        Page p = Page.parse(limit, page);
        MediaQuery q = MediaQuery.of(caller.getSubject(), new MediaQuery.Filters(user, media, size, model, provider, search, sort));
        PanacheQuery<MediaRecord> query = MediaRecord.find(q.where() + " order by " + q.order(), q.params());
        long total = query.count();
        List<MediaItem> medias = urls.items(query.range((int) p.offset(), (int) p.offset() + p.limit() - 1).list());
        return Envelope.of(Map.of("total", total, "medias", medias));
    }
}
