package io.mediagate.gateway.auth;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** A budget period: the UTC day or the UTC month a moment falls in. */
public enum Period {
    DAILY("daily"),
    MONTHLY("monthly");

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyyMMdd");
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyyMM");
    public final String wire;

    Period(String wire) {
        this.wire = wire;
    }

    /** The period's label for {@code at}, e.g. {@code 20261124} or {@code 202611}. */
    public String label(Instant at) {
        LocalDate date = at.atZone(ZoneOffset.UTC).toLocalDate();
        return (this == DAILY ? DAY : MONTH).format(date);
    }

    /** When the period that holds {@code at} ends (and a new one begins). */
    public Instant resets(Instant at) {
        LocalDate date = at.atZone(ZoneOffset.UTC).toLocalDate();
        LocalDate next = this == DAILY ? date.plusDays(1) : date.withDayOfMonth(1).plusMonths(1);
        return next.atStartOfDay(ZoneOffset.UTC).toInstant();
    }
}
