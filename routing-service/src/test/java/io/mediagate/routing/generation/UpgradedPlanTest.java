package io.mediagate.routing.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.events.ImageOptions;
import io.mediagate.common.values.Input;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.RankingTest;
import io.mediagate.routing.ranking.RoutingMode;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A request served by the replacement of the retired model it named says so in {@code stats.applied.model}. */
class UpgradedPlanTest {
    private static final ModelSpec NEW = new ModelSpec("acme/new", "New", "image", "d", List.of(new VersionSpec("1", Instant.EPOCH)),
            List.of("64x64"), "64x64", null, List.of(Input.TEXT), List.of(), List.of(), Instant.EPOCH);
    private static final Parameters.Checked NONE = new Parameters.Checked(Map.of(), List.of());

    private static Plan plan(String upgradedFrom) {
        Candidate c = RankingTest.c("a:0.01:");
        return new Plan(NEW, NEW.latest(), RoutingMode.OPTIMAL, NONE, io.mediagate.common.values.Size.of("64x64"), null, List.of(c), ImageOptions.NONE, upgradedFrom);
    }

    @Test
    void theServingModelIsNamedOnlyWhenItReplacedTheNamedOne() {
        Candidate served = RankingTest.c("a:0.01:");
        assertEquals(Map.of("model", "acme/new"), plan("acme/old").applied(served));
        assertNull(plan(null).applied(served));
    }
}
