package io.mediagate.usage.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.calls.CallAs;
import io.mediagate.common.calls.InternalClients;
import io.mediagate.common.calls.InternalHttp;
import io.mediagate.common.tier.Tier;
import io.mediagate.common.usage.UsageApi;
import io.mediagate.common.usage.UsageApiClient;
import io.mediagate.common.usage.UsageReport;
import io.mediagate.testing.ServiceResource;
import io.mediagate.usage.ledger.Charge;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.math.BigDecimal;
import java.net.URL;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The usage client the gateway uses ({@link UsageApiClient}) against usage-service's own resource. */
@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "usage"), @ResourceArg(name = "kafka", value = "true")})
class UsageApiContractIT {
    @Inject
    InternalClients clients;
    @TestHTTPResource("/")
    URL base;

    private UsageApi usage() {
        return new UsageApiClient(clients, base.toString());
    }

    @Test
    void theReportIsTheCallersOwnWithTheirDaysOneByOne() {
        String user = "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        QuarkusTransaction.requiringNew().run(() -> {
            Charge c = new Charge();
            c.jobId = "job_" + UUID.randomUUID().toString().replace("-", "");
            c.userId = user;
            c.kind = "image";
            c.status = "succeeded";
            c.model = "acme/m";
            c.provider = "p";
            c.price = new BigDecimal("0.046");
            c.items = 2;
            c.occurredAt = Instant.now();
            c.persist();
        });
        UsageReport mine = InternalHttp.await(usage().report(CallAs.user(user, Tier.FREE), null));
        assertEquals(0, new BigDecimal("0.046").compareTo(mine.spend().today()));
        assertEquals(2, mine.generations().images().today());
        assertNull(mine.daily(), "no days unless asked");

        UsageReport days = InternalHttp.await(usage().report(CallAs.user(user, Tier.FREE), "3"));
        assertEquals(3, days.daily().size());
        assertEquals(LocalDate.now(ZoneOffset.UTC), days.daily().getLast().date());
        assertEquals(2, days.daily().getLast().images());

        UsageReport someoneElse = InternalHttp.await(usage().report(CallAs.user(user + "x", Tier.FREE), null));
        assertEquals(0, someoneElse.spend().total().signum());
    }

    @Test
    void aBadDaysValueIsRefusedNamingIt() {
        ApiException refused = assertThrows(ApiException.class,
                () -> InternalHttp.await(usage().report(CallAs.user("usr_a", Tier.FREE), "lots")));
        assertEquals(ErrorCode.INVALID_REQUEST, refused.code());
        assertEquals("days", refused.param());
    }
}
