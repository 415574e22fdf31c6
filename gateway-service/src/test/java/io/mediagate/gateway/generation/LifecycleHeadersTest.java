package io.mediagate.gateway.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.common.catalog.Lifecycle;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The headers of an answer, from the lifecycle of the model it named, at an instant. */
class LifecycleHeadersTest {
    private static final String PAGE = "https://provider.example/deprecations";

    @Test
    void anActiveModelOrOneWithoutLifecycleGetsNone() {
        Lifecycle later = new Lifecycle(LocalDate.parse("2027-01-01"), null, null, PAGE);
        assertEquals(Map.of(), LifecycleHeaders.headers(later, Instant.parse("2026-12-31T23:59:59Z")), "deprecated only from that day");
        assertEquals(Map.of(), LifecycleHeaders.headers(null, Instant.now()));
    }

    @Test
    void onlyAShutdownAnnouncedDatesTheDeprecationAtItAndNamesNoSuccessor() {
        Lifecycle shutdown = new Lifecycle(null, LocalDate.parse("2026-12-01"), null, PAGE);
        assertEquals(Map.of("Deprecation", "@" + Instant.parse("2026-12-01T00:00:00Z").getEpochSecond(),
                "Sunset", "Tue, 01 Dec 2026 00:00:00 GMT", "Link", "<" + PAGE + ">; rel=\"deprecation\"; type=\"text/html\""),
                LifecycleHeaders.headers(shutdown, Instant.parse("2026-11-28T12:00:00Z")));
    }

    @Test
    void aDeprecationWithoutShutdownHasNoSunset() {
        Lifecycle deprecated = new Lifecycle(LocalDate.parse("2026-11-01"), null, "acme/new", PAGE);
        Map<String, String> headers = LifecycleHeaders.headers(deprecated, Instant.parse("2026-11-28T12:00:00Z"));
        assertEquals("@" + Instant.parse("2026-11-01T00:00:00Z").getEpochSecond(), headers.get("Deprecation"));
        assertEquals(null, headers.get("Sunset"));
        assertEquals("</v1/models/acme/new>; rel=\"successor-version\", <" + PAGE + ">; rel=\"deprecation\"; type=\"text/html\"",
                headers.get("Link"));
    }
}
