package io.mediagate.usage.report;

import java.math.BigDecimal;

/** What the ledger knows about one account: spend (exact sums of charged prices) and items generated. */
public record UsageReport(Spend spend, Generations generations) {
    public record Spend(String currency, BigDecimal today, BigDecimal month, BigDecimal total) {}

    public record Counts(long today, long month) {}

    public record Generations(Counts images, Counts videos) {}
}
