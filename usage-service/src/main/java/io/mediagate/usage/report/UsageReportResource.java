package io.mediagate.usage.report;

import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.usage.UsageApi;
import io.mediagate.common.usage.UsageReport;
import io.mediagate.usage.ledger.Charge;
import io.mediagate.usage.storage.StoredMedia;
import jakarta.annotation.security.RolesAllowed;
import jakarta.persistence.Tuple;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.eclipse.microprofile.jwt.JsonWebToken;

/**
 * {@code GET /internal/v1/usage[?days=N]}: the calling account's ledger figures (UTC days and months), and
 * with {@code days} the last N days one by one.
 */
@Path(UsageApi.ROOT)
@Produces(MediaType.APPLICATION_JSON)
@RolesAllowed({InternalToken.USER, InternalToken.ADMIN})
public class UsageReportResource {
    private final JsonWebToken caller;
    private final Clock clock;

    UsageReportResource(JsonWebToken caller, Clock clock) {
        this.caller = caller;
        this.clock = clock;
    }

    /**
     * One statement, so the figures agree with each other: a charge booked while the report is read is in
     * every sum or in none (read separately, a new charge could show up in the counts and not the spend).
     */
    @GET
    public UsageReport report(@QueryParam("days") String days) {
        int span = days == null ? 0 : DailySeries.span(days);
        String user = caller.getSubject();
        LocalDate today = LocalDate.now(clock.withZone(ZoneOffset.UTC));
        Instant day = today.atStartOfDay().toInstant(ZoneOffset.UTC);
        Instant month = today.withDayOfMonth(1).atStartOfDay().toInstant(ZoneOffset.UTC);
        Tuple sums = Charge.getEntityManager().createQuery("""
                        select coalesce(sum(case when c.occurredAt >= :day then c.price else 0 end), 0) as spentToday,
                               coalesce(sum(case when c.occurredAt >= :month then c.price else 0 end), 0) as spentThisMonth,
                               coalesce(sum(c.price), 0) as spentInAll,
                               coalesce(sum(case when c.batchId is not null and c.occurredAt >= :day then c.price else 0 end), 0) as batchToday,
                               coalesce(sum(case when c.batchId is not null and c.occurredAt >= :month then c.price else 0 end), 0) as batchThisMonth,
                               coalesce(sum(case when c.batchId is not null then c.price else 0 end), 0) as batchInAll,
                               coalesce(sum(case when c.kind = 'image' and c.occurredAt >= :day then c.items else 0 end), 0) as imagesToday,
                               coalesce(sum(case when c.kind = 'image' and c.occurredAt >= :month then c.items else 0 end), 0) as imagesThisMonth,
                               coalesce(sum(case when c.kind = 'video' and c.occurredAt >= :day then c.items else 0 end), 0) as videosToday,
                               coalesce(sum(case when c.kind = 'video' and c.occurredAt >= :month then c.items else 0 end), 0) as videosThisMonth
                        from Charge c where c.userId = :u""", Tuple.class)
                .setParameter("u", user).setParameter("day", day).setParameter("month", month).getSingleResult();
        return new UsageReport(
                new UsageReport.Spend("USD", money(sums.get("spentToday")), money(sums.get("spentThisMonth")), money(sums.get("spentInAll")),
                        new UsageReport.Part(money(sums.get("batchToday")), money(sums.get("batchThisMonth")), money(sums.get("batchInAll")))),
                new UsageReport.Generations(
                        new UsageReport.Counts(count(sums.get("imagesToday")), count(sums.get("imagesThisMonth"))),
                        new UsageReport.Counts(count(sums.get("videosToday")), count(sums.get("videosThisMonth")))),
                new UsageReport.Storage(StoredMedia.usedBytes(user)),
                span == 0 ? null : DailySeries.of(user, today, span));
    }

    private static BigDecimal money(Object sum) {
        BigDecimal value = sum instanceof BigDecimal d ? d : new BigDecimal(sum.toString());
        return value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
    }

    private static long count(Object sum) {
        return ((Number) sum).longValue();
    }
}
