package io.mediagate.media.quota;

import io.mediagate.common.internal.InternalToken;
import io.mediagate.media.records.MediaRecord;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** {@code GET /internal/v1/storage}: bytes the calling account keeps stored. */
@Path("/internal/v1/storage")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class StorageResource {
    private final JsonWebToken caller;

    StorageResource(JsonWebToken caller) {
        this.caller = caller;
    }

    @GET
    public Map<String, Long> used() {
        Long used = MediaRecord.getEntityManager()
                .createQuery("select coalesce(sum(m.bytes), 0) from MediaRecord m where m.ownerId = :u", Long.class)
                .setParameter("u", caller.getSubject()).getSingleResult();
        return Map.of("usedBytes", used);
    }
}
