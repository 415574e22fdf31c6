package io.mediagate.usage.report;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.usage.UsageReport;
import io.mediagate.usage.ledger.Charge;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/** Spend and generations per UTC day over the last days, today included, oldest first, empty days as zeros. */
final class DailySeries {
    static final int MAX_DAYS = 90;

    private DailySeries() {
    }

    /** The {@code days} parameter: a whole number from 1 to {@value #MAX_DAYS}. */
    static int span(String days) {
        try {
            int n = Integer.parseInt(days.trim());
            if (n >= 1 && n <= MAX_DAYS) {
                return n;
            }
        } catch (NumberFormatException e) {
            // refused below
        }
        throw ApiException.invalid("days", "days must be a whole number from 1 to " + MAX_DAYS);
    }

    static List<UsageReport.Day> of(String user, LocalDate today, int span) {
        LocalDate first = today.minusDays(span - 1L);
        BigDecimal[] spend = new BigDecimal[span];
        long[] images = new long[span];
        long[] videos = new long[span];
        java.util.Arrays.fill(spend, BigDecimal.ZERO);
        // Summed per charge here rather than grouped by day in SQL: a UTC day of a timestamp is spelled
        // differently by each database, and the range is one user's, read through (user_id, occurred_at).
        List<Charge> charges = Charge.list("userId = ?1 and occurredAt >= ?2", user, first.atStartOfDay().toInstant(ZoneOffset.UTC));
        for (Charge charge : charges) {
            int day = (int) (charge.occurredAt.atZone(ZoneOffset.UTC).toLocalDate().toEpochDay() - first.toEpochDay());
            if (day < 0 || day >= span) {
                continue;
            }
            spend[day] = spend[day].add(charge.price);
            if ("video".equals(charge.kind)) {
                videos[day] += charge.items;
            } else {
                images[day] += charge.items;
            }
        }
        List<UsageReport.Day> out = new ArrayList<>(span);
        for (int i = 0; i < span; i++) {
            BigDecimal s = spend[i].signum() == 0 ? BigDecimal.ZERO : spend[i].stripTrailingZeros();
            out.add(new UsageReport.Day(first.plusDays(i), s, images[i], videos[i]));
        }
        return out;
    }
}
