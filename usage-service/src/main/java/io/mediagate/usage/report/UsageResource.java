package io.mediagate.usage.report;

import io.mediagate.common.internal.InternalToken;
import io.mediagate.usage.ledger.Charge;
import io.mediagate.usage.storage.StoredMedia;
import jakarta.annotation.security.RolesAllowed;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.eclipse.microprofile.jwt.JsonWebToken;

/** {@code GET /internal/v1/usage}: the calling account's ledger figures (UTC days and months). */
@Path("/internal/v1/usage")
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class UsageResource {
    private final JsonWebToken caller;
    private final Clock clock;

    UsageResource(JsonWebToken caller, Clock clock) {
        this.caller = caller;
        this.clock = clock;
    }

    @GET
    public UsageReport report() {
        String user = caller.getSubject();
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        Instant day = today.atStartOfDay().toInstant(ZoneOffset.UTC);
        Instant month = today.withDayOfMonth(1).atStartOfDay().toInstant(ZoneOffset.UTC);
        return new UsageReport(
                new UsageReport.Spend("USD", spend(user, day), spend(user, month), spend(user, Instant.EPOCH)),
                new UsageReport.Generations(
                        new UsageReport.Counts(items(user, "image", day), items(user, "image", month)),
                        new UsageReport.Counts(items(user, "video", day), items(user, "video", month))),
                new UsageReport.Storage(StoredMedia.usedBytes(user)));
    }

    private static BigDecimal spend(String user, Instant since) {
        BigDecimal sum = Charge.getEntityManager()
                .createQuery("select coalesce(sum(c.price), 0) from Charge c where c.userId = :u and c.occurredAt >= :s", BigDecimal.class)
                .setParameter("u", user).setParameter("s", since).getSingleResult();
        return sum.stripTrailingZeros();
    }

    private static long items(String user, String kind, Instant since) {
        Long sum = Charge.getEntityManager()
                .createQuery("select coalesce(sum(c.items), 0) from Charge c where c.userId = :u and c.kind = :k and c.occurredAt >= :s", Long.class)
                .setParameter("u", user).setParameter("k", kind).setParameter("s", since).getSingleResult();
        return sum;
    }
}
