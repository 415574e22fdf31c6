package io.mediagate.common.usage;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;

/**
 * What the ledger knows about one account: spend (exact sums of charged prices), items generated, bytes kept,
 * and when asked for, the same per UTC day ({@code daily}, oldest first, days without charges included).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record UsageReport(Spend spend, Generations generations, Storage storage, List<Day> daily) {
    public record Day(LocalDate date, BigDecimal spend, long images, long videos) {}

    public record Storage(long usedBytes) {}

    /** What was spent; {@code batch}: the part of it that batches' lines cost. */
    public record Spend(String currency, BigDecimal today, BigDecimal month, BigDecimal total, Part batch) {}

    /** A part of the spend, over the same periods. */
    public record Part(BigDecimal today, BigDecimal month, BigDecimal total) {}

    public record Counts(long today, long month) {}

    public record Generations(Counts images, Counts videos) {}
}
