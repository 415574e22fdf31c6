package io.mediagate.catalog.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.catalog.catalog.Catalog;
import io.mediagate.catalog.retirement.Retirements;
import io.mediagate.testing.ManualClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What {@code ./mediagate catalog check} says of the catalog file itself, from the day it runs: offers shut or shutting
 * within 30 days, offers without a source, prices read more than 90 days before; our own renderer is never unsourced.
 */
class CatalogFindingsTest {
    @TempDir
    Path dir;

    private CatalogCheck.Report check(String today) throws Exception {
        Path file = dir.resolve("catalog.yaml");
        Files.writeString(file, """
                providers:
                  - { id: local, name: Local, adapter: local, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }
                  - { id: alpha, name: Alpha, adapter: fake, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }
                  - { id: beta, name: Beta, adapter: openai-compatible, media: [image], enabled: false, baseUrl: "https://beta.example", createdAt: 2026-01-01T00:00:00Z }
                models:
                  - id: acme/old
                    displayName: Old
                    media: image
                    description: d
                    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [64x64]
                    defaultSize: 64x64
                    inputs: [text]
                    lifecycle: { shutdown: 2026-12-15, replacement: acme/new, source: "https://alpha.example/deprecations" }
                    offers:
                      - { provider: alpha, price: 0.04, unit: image, source: { url: "https://alpha.example/pricing", read: 2026-11-20 } }
                    createdAt: 2026-01-01T00:00:00Z
                  - id: acme/new
                    displayName: New
                    media: image
                    description: d
                    versions: [{ version: "1", createdAt: 2026-01-01T00:00:00Z }]
                    sizes: [64x64]
                    defaultSize: 64x64
                    inputs: [text]
                    offers:
                      - { provider: local, price: 0.0, unit: image }
                      - { provider: alpha, price: 0.05, unit: image, source: { url: "https://alpha.example/pricing", read: 2026-10-01 } }
                      - { provider: beta, price: 0.05, unit: image, upstreamModel: new }
                    createdAt: 2026-01-01T00:00:00Z
                """);
        return new CatalogCheck(new Catalog(Optional.of(file.toString())), new Retirements(), new ManualClock(Instant.parse(today)),
                Duration.ofSeconds(5)).run();
    }

    private static List<String> lines(CatalogCheck.Report report) {
        return report.findings().stream().map(f -> f.kind() + " " + f.model() + "@" + f.provider()).toList();
    }

    @Test
    void farFromItsShutdownWithFreshPricesOnlyTheUnsourcedOfferIsReported() throws Exception {
        assertEquals(List.of("unsourced acme/new@beta"), lines(check("2026-11-01T12:00:00Z")));
    }

    @Test
    void withinThirtyDaysOfItsShutdownAnOfferIsShuttingAndFromThatDayOnShut() throws Exception {
        CatalogCheck.Report before = check("2026-11-16T12:00:00Z");
        assertEquals(List.of("shutting acme/old@alpha", "unsourced acme/new@beta"), lines(before));
        assertEquals("shuts down on 2026-12-15, in 29 days (https://alpha.example/deprecations), replacement acme/new",
                before.findings().getFirst().detail());
        assertEquals("shut acme/old@alpha", lines(check("2026-12-15T00:00:00Z")).getFirst());
        assertEquals("shutting acme/old@alpha", lines(check("2026-12-14T23:59:59Z")).getFirst());
    }

    @Test
    void pricesReadMoreThanNinetyDaysAgoAreStale() throws Exception {
        assertEquals(List.of(), stale(check("2026-12-30T00:00:00Z")), "read 90 days before");
        assertEquals(List.of("stale_price acme/new@alpha"), stale(check("2026-12-31T00:00:00Z")));
    }

    private static List<String> stale(CatalogCheck.Report report) {
        return lines(report).stream().filter(l -> l.startsWith("stale_price")).toList();
    }
}
