package io.mediagate.usage.report;

import java.math.BigDecimal;

/** What the ledger knows about one account: spend (exact sums of charged prices), items generated, bytes kept. */
public record UsageReport(Spend spend, Generations generations, Storage storage) {
    public record Storage(long usedBytes) {}

    public record Spend(String currency, BigDecimal today, BigDecimal month, BigDecimal total) {}

    public record Counts(long today, long month) {}

    public record Generations(Counts images, Counts videos) {}
}
