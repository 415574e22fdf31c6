package io.mediagate.usage.report;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.mediagate.common.internal.InternalToken;
import io.mediagate.testing.ServiceResource;
import io.mediagate.testing.TestTokens;
import io.mediagate.usage.ledger.Charge;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.ResourceArg;
import io.quarkus.test.junit.QuarkusTest;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

@QuarkusTest
@QuarkusTestResource(value = ServiceResource.class, initArgs = {
        @ResourceArg(name = "service", value = "usage"), @ResourceArg(name = "kafka", value = "true")})
class UsageReportIT {

    private static void book(String user, String kind, String status, String price, int items, Instant at) {
        QuarkusTransaction.requiringNew().run(() -> {
            Charge c = new Charge();
            c.jobId = "job_" + UUID.randomUUID().toString().replace("-", "");
            c.userId = user;
            c.kind = kind;
            c.status = status;
            c.model = "acme/m";
            c.provider = "p";
            c.price = new BigDecimal(price);
            c.items = items;
            c.occurredAt = at;
            c.persist();
        });
    }

    @Test
    void spendAndCountsAreSplitByUtcDayMonthAndKind() {
        String user = "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        Instant now = Instant.now();
        Instant startOfMonth = today.withDayOfMonth(1).atStartOfDay().toInstant(ZoneOffset.UTC);
        Instant lastYear = now.minus(400, ChronoUnit.DAYS);
        book(user, "image", "succeeded", "0.04", 2, now);
        book(user, "video", "succeeded", "0.25", 1, now);
        book(user, "image", "failed", "0", 0, now);
        book(user, "image", "succeeded", "0.01", 1, startOfMonth);
        book(user, "video", "succeeded", "1.5", 1, lastYear);
        book("usr_someoneelse", "image", "succeeded", "9", 3, now);

        boolean firstOfMonth = today.getDayOfMonth() == 1;
        given().header("Authorization", TestTokens.bearer(user, "free", Set.of(InternalToken.USER)))
                .get("/internal/v1/usage")
                .then().statusCode(200)
                .body("spend.currency", equalTo("USD"))
                .body("spend.today", equalTo(firstOfMonth ? 0.3f : 0.29f))
                .body("spend.month", equalTo(0.3f))
                .body("spend.total", equalTo(1.8f))
                .body("generations.images.today", equalTo(firstOfMonth ? 3 : 2))
                .body("generations.images.month", equalTo(3))
                .body("generations.videos.today", equalTo(1))
                .body("generations.videos.month", equalTo(1));
    }

    /** A batch's lines cost what they cost, in the spend, and show apart in {@code spend.batch}. */
    @Test
    void aBatchsSpendIsInTheSpendAndShownApart() {
        String user = "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        Instant now = Instant.now();
        book(user, "image", "succeeded", "0.04", 1, now);
        book(user, "image", "succeeded", "0.02", 1, now);
        book(user, "image", "succeeded", "0.03", 1, now.minus(400, ChronoUnit.DAYS));
        QuarkusTransaction.requiringNew().run(() -> Charge.update("batchId = 'batch_x' where userId = ?1 and price <> ?2", user,
                new BigDecimal("0.04")));
        given().header("Authorization", TestTokens.bearer(user, "free", Set.of(InternalToken.USER)))
                .get("/internal/v1/usage")
                .then().statusCode(200)
                .body("spend.today", equalTo(0.06f))
                .body("spend.total", equalTo(0.09f))
                .body("spend.batch.today", equalTo(0.02f))
                .body("spend.batch.month", equalTo(0.02f))
                .body("spend.batch.total", equalTo(0.05f));
    }

    @Test
    void theDailySeriesHasEveryDayOldestFirstWithEmptyDaysAsZeros() {
        String user = "usr_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        LocalDate today = LocalDate.now(ZoneOffset.UTC);
        Instant now = Instant.now();
        book(user, "image", "succeeded", "0.04", 2, now);
        book(user, "video", "succeeded", "0.25", 1, now);
        book(user, "image", "succeeded", "0.01", 1, today.minusDays(2).atTime(12, 0).toInstant(ZoneOffset.UTC));
        book(user, "video", "succeeded", "1.5", 1, today.minusDays(7).atTime(12, 0).toInstant(ZoneOffset.UTC)); // before a 7-day span
        book("usr_someoneelse", "image", "succeeded", "9", 3, now);

        given().header("Authorization", TestTokens.bearer(user, "free", Set.of(InternalToken.USER)))
                .queryParam("days", 7).get("/internal/v1/usage")
                .then().statusCode(200)
                .body("daily.size()", equalTo(7))
                .body("daily[0].date", equalTo(today.minusDays(6).toString()))
                .body("daily[6].date", equalTo(today.toString()))
                .body("daily[6].spend", equalTo(0.29f))
                .body("daily[6].images", equalTo(2))
                .body("daily[6].videos", equalTo(1))
                .body("daily[4].spend", equalTo(0.01f))
                .body("daily[4].images", equalTo(1))
                .body("daily[5].spend", equalTo(0))
                .body("daily[5].images", equalTo(0))
                .body("daily[0].videos", equalTo(0))
                .body("spend.total", equalTo(1.8f));
        given().header("Authorization", TestTokens.bearer(user, "free", Set.of(InternalToken.USER)))
                .queryParam("days", 8).get("/internal/v1/usage")
                .then().statusCode(200)
                .body("daily.size()", equalTo(8))
                .body("daily[0].spend", equalTo(1.5f))
                .body("daily[0].videos", equalTo(1));
        // Without days, no series.
        given().header("Authorization", TestTokens.bearer(user, "free", Set.of(InternalToken.USER)))
                .get("/internal/v1/usage")
                .then().statusCode(200)
                .body("daily", nullValue());
    }

    @Test
    void aDaysValueOutsideOneToNinetyIsRefusedNamingTheParameter() {
        for (String days : new String[] {"0", "91", "-3", "ten", "1.5"}) {
            given().header("Authorization", TestTokens.bearer("usr_nothingyet", "free", Set.of(InternalToken.USER)))
                    .queryParam("days", days).get("/internal/v1/usage")
                    .then().statusCode(400)
                    .body("code", equalTo("invalid_request"))
                    .body("param", equalTo("days"));
        }
        given().header("Authorization", TestTokens.bearer("usr_nothingyet", "free", Set.of(InternalToken.USER)))
                .queryParam("days", 90).get("/internal/v1/usage")
                .then().statusCode(200)
                .body("daily.size()", equalTo(90));
    }

    @Test
    void anAccountWithoutChargesHasZeros() {
        given().header("Authorization", TestTokens.bearer("usr_nothingyet", "free", Set.of(InternalToken.USER)))
                .get("/internal/v1/usage")
                .then().statusCode(200)
                .body("spend.total", equalTo(0))
                .body("generations.images.today", equalTo(0))
                .body("generations.videos.month", equalTo(0));
    }
}
