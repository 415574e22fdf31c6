package io.mediagate.common.catalog;

import java.time.LocalDate;

/**
 * Where an offer's facts (its model id, sizes, lengths, prices) were read: the provider's own page, pricing page,
 * deprecation notice or SDK source ({@code url}), and the day they were read ({@code read}), which dates its prices.
 */
public record Source(String url, LocalDate read) {}
