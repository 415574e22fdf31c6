package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.testing.FakeOpenAiImages;
import io.mediagate.testing.TestImages;
import io.mediagate.testing.TestInfra;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Quotes and reuse through the whole suite: a mixed trace of requests is quoted, then sent, and every charge must be what the quote said of
 * the offer that served it (exactly, or within its range for a metered offer); a request sent with its quote is held to it; and a
 * quote says whether the caller would be admitted, with the code the request itself then gets. A seeded request asking to reuse
 * gets its account's stored result of the same terms from a deterministic offer: a new item on the same bytes, at no charge.
 */
class QuotesIT {
    private static FakeOpenAiImages openAi;
    private static Suite suite;
    private static Api api;
    private static String key;

    @BeforeAll
    static void start() throws Exception {
        openAi = new FakeOpenAiImages();
        Path catalog = TestInfra.get().home().resolve("quotes-catalog.yaml");
        Files.writeString(catalog, catalogYaml());
        suite = Suite.start("quotes", Map.of(
                "MEDIAGATE_CATALOG_FILE", catalog.toString(),
                "MEDIAGATE_ROUTING_BREAKER_FAILURE_THRESHOLD", "2",
                "MEDIAGATE_ROUTING_BREAKER_OPEN_FOR", "10m",
                "MEDIAGATE_ROUTING_BACKOFF", "50ms"));
        api = new Api(suite.baseUrl());
        key = api.newUserKey(Suite.ADMIN_KEY, "enterprise");
        long deadline = System.currentTimeMillis() + 60_000;
        while (api.post("/v1/images/generations", key, "{\"model\":\"acme/sized\",\"prompt\":\"warm up\"}").status() != 200) {
            if (System.currentTimeMillis() > deadline) {
                throw new IllegalStateException("routing did not start serving within 60 s");
            }
        }
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
        if (openAi != null) {
            openAi.close();
        }
    }

    private static String fake(String id, String media) {
        return "  - { id: " + id + ", name: " + id + ", adapter: fake, media: [" + media + "], enabled: true, createdAt: 2026-01-01T00:00:00Z }\n";
    }

    private static String image(String id, String sizes, String inputs, String offers) {
        return "  - id: " + id + "\n    displayName: " + id + "\n    media: image\n    description: test\n"
                + "    versions: [{ version: \"1\", createdAt: 2026-01-01T00:00:00Z }]\n"
                + "    sizes: [" + sizes + "]\n    defaultSize: 64x64\n    inputs: [" + inputs + "]\n"
                + "    parameters: [{ name: seed, type: integer }]\n"
                + "    offers:\n" + offers + "    createdAt: 2026-01-01T00:00:00Z\n";
    }

    private static String catalogYaml() {
        return "providers:\n" + fake("seeded", "image") + fake("dice", "image") + fake("sized", "image") + fake("broken", "image") + fake("pricey", "image") + fake("editor", "image")
                + fake("metered", "image") + fake("clips", "video")
                + "  - { id: tokens, name: tokens, adapter: openai-compatible, media: [image], enabled: true, baseUrl: \"" + openAi.baseUrl()
                + "\", createdAt: 2026-01-01T00:00:00Z }\n"
                + "models:\n"
                // per size and per quality
                + image("acme/sized", "64x64, 128x64", "text", "      - { provider: sized, price: 0.01, unit: image, features: [quality], upstreamModel: ok,"
                        + " sizePrices: { \"128x64\": 0.015, low: 0.005, \"high 64x64\": 0.04, \"high 128x64\": 0.06 } }\n")
                // a provider that draws the same picture again for the same seed, and one that does not promise to
                + image("acme/seeded", "64x64", "text, image", "      - { provider: seeded, price: 0.02, unit: image, features: [seed], upstreamModel: ok,"
                        + " options: { deterministic: \"true\" } }\n")
                + image("acme/dice", "64x64", "text", "      - { provider: dice, price: 0.02, unit: image, features: [seed], upstreamModel: ok }\n")
                // the cheaper offer always fails: the request falls back to the dearer one
                + image("acme/fallback", "64x64", "text", "      - { provider: broken, price: 0.01, unit: image, upstreamModel: \"500\" }\n"
                        + "      - { provider: pricey, price: 0.03, unit: image, upstreamModel: ok }\n")
                // an edit billed for its sources too
                + image("acme/edits", "64x64", "text, image", "      - { provider: editor, price: 0.02, unit: image, upstreamModel: ok,"
                        + " options: { inputImagePrice: \"0.005\" } }\n")
                // billed by megapixel: 64x64 is counted up to one
                + image("acme/megapixels", "64x64", "text", "      - { provider: metered, price: 0.03, unit: image, upstreamModel: ok,"
                        + " megapixels: { first: 0.03, additional: 0.015, input: 0.015, rounding: up } }\n")
                // billed by the tokens the provider reports (its fake reports 10 text tokens in, 100 image tokens out a call)
                + image("acme/tokens", "64x64", "text", "      - { provider: tokens, price: 0.003, unit: image, upstreamModel: gpt-image-test,"
                        + " tokens: { textInput: 5.00, imageInput: 8.00, imageOutput: 30.00 } }\n")
                + "  - id: acme/clip\n    displayName: clip\n    media: video\n    description: test\n"
                + "    versions: [{ version: \"1\", createdAt: 2026-01-01T00:00:00Z }]\n"
                + "    sizes: [480p]\n    defaultSize: 480p\n    durations: { min: 1, max: 8, default: 4 }\n    inputs: [text]\n"
                + "    offers:\n      - { provider: clips, price: 0.05, unit: second, upstreamModel: ok, options: { durations: \"4,8\" } }\n"
                + "    createdAt: 2026-01-01T00:00:00Z\n";
    }

    private static JsonNode quote(String caller, String endpoint, String body) throws Exception {
        Api.Reply r = api.post("/v1/quotes", caller, "{\"endpoint\":\"" + endpoint + "\",\"body\":" + body + "}");
        assertEquals(200, r.status(), r.body().toString());
        return r.body().path("result").path("quote");
    }

    private static JsonNode candidate(JsonNode quote, String provider) {
        for (JsonNode c : quote.path("candidates")) {
            if (c.path("provider").asText().equals(provider)) {
                return c;
            }
        }
        throw new AssertionError("the quote has no candidate " + provider + ": " + quote);
    }

    private static BigDecimal money(JsonNode node) {
        return new BigDecimal(node.asText());
    }

    /** One request of the trace: its endpoint, its JSON body, and how to send it for real. */
    private record Traced(String endpoint, String body, Sender send) {}

    @FunctionalInterface
    private interface Sender {
        Api.Reply send() throws Exception;
    }

    private static Traced json(String endpoint, String body) {
        return new Traced(endpoint, body, () -> api.post(endpoint, key, body));
    }

    /** The answer of a request that succeeded: at once, or (a video past the wait limit) its job once it ends. */
    private static JsonNode answered(Api.Reply r, String body) throws Exception {
        if (r.status() == 202) {
            JsonNode job = api.awaitJob(key, r.body().path("result").path("job").path("id").asText(), java.time.Duration.ofMinutes(2));
            assertEquals("succeeded", job.path("status").asText(), job.toString());
            return job;
        }
        assertEquals(200, r.status(), body + " -> " + r.body());
        return r.body();
    }

    @Test
    void everyChargeOfAMixedTraceIsWhatItsQuoteSaidOfTheOfferThatServed() throws Exception {
        byte[] picture = TestImages.png(64, 64);
        List<Traced> trace = List.of(
                json("/v1/images/generations", "{\"model\":\"acme/sized\",\"prompt\":\"per image\"}"),
                json("/v1/images/generations", "{\"model\":\"acme/sized\",\"prompt\":\"per size and quality\",\"size\":\"128x64\",\"quality\":\"high\"}"),
                json("/v1/images/generations", "{\"model\":\"acme/sized\",\"prompt\":\"three low ones\",\"n\":3,\"quality\":\"low\"}"),
                json("/v1/images/generations", "{\"model\":\"acme/sized\",\"prompt\":\"quality left to the provider\",\"n\":2,\"quality\":\"auto\"}"),
                json("/v1/images/generations", "{\"model\":\"acme/megapixels\",\"prompt\":\"by megapixel\",\"n\":2}"),
                json("/v1/images/generations", "{\"model\":\"acme/tokens\",\"prompt\":\"by token\"}"),
                json("/v1/images/generations", "{\"model\":\"acme/fallback\",\"prompt\":\"falls back to a dearer offer\"}"),
                json("/v1/videos/generations", "{\"model\":\"acme/clip\",\"prompt\":\"rounded up to a clip\",\"duration\":5}"),
                new Traced("/v1/images/edits", "{\"model\":\"acme/edits\",\"prompt\":\"two sources billed\",\"images\":[{\"file_id\":\"med_abcdefgh12\"},"
                        + "{\"file_id\":\"med_abcdefgh13\"}]}", () -> api.postForm("/v1/images/edits", key, List.of("model", "acme/edits", "prompt",
                        "two sources billed"), new Api.FormFile("image[]", "a.png", picture), new Api.FormFile("image[]", "b.png", picture))));
        List<String> misses = new ArrayList<>();
        for (Traced t : trace) {
            JsonNode quote = quote(key, t.endpoint(), t.body());
            assertEquals(0, money(quote.path("price")).compareTo(money(quote.path("candidates").path(0).path("price"))),
                    "a quote's price is its first candidate's: " + quote);
            assertTrue(quote.path("admitted").asBoolean(), quote.toString());
            JsonNode sent = answered(t.send().send(), t.body());
            BigDecimal charged = money(sent.path("price"));
            JsonNode served = candidate(quote, sent.path("stats").path("providerId").asText());
            JsonNode range = served.path("range");
            boolean matches = range.isMissingNode() ? charged.compareTo(money(served.path("price"))) == 0
                    : charged.compareTo(money(range.path("low"))) >= 0 && charged.compareTo(money(range.path("high"))) <= 0;
            if (!matches) {
                misses.add(t.body() + ": charged " + charged + ", quoted " + served);
            }
        }
        assertEquals(List.of(), misses, "every charge as quoted");
    }

    @Test
    void aQuoteSaysWhatWouldBeMadeAndChargedAtEachOfferInTheOrderTheyAreTried() throws Exception {
        JsonNode clip = quote(key, "/v1/videos/generations", "{\"model\":\"acme/clip\",\"prompt\":\"p\",\"duration\":5}");
        assertEquals("acme/clip:1", clip.path("model").asText());
        assertEquals(8, clip.path("candidates").path(0).path("applied").path("duration").asInt(), "the 8 s clip the provider makes: " + clip);
        assertEquals(0, new BigDecimal("0.4").compareTo(money(clip.path("price"))));
        assertTrue(clip.path("expiresAt").asText().startsWith("20"), clip.toString());
        assertTrue(clip.path("id").asText().startsWith("qt_"));
        JsonNode auto = quote(key, "/v1/images/generations", "{\"model\":\"acme/sized\",\"prompt\":\"p\",\"n\":2}");
        JsonNode range = auto.path("candidates").path(0).path("range");
        assertEquals(0, new BigDecimal("0.01").compareTo(money(range.path("low"))), "two at the low quality: " + auto);
        assertEquals(0, new BigDecimal("0.08").compareTo(money(range.path("high"))), "two at the high quality");
        assertEquals("64x64", auto.path("candidates").path(0).path("applied").path("size").asText());
        JsonNode tokens = quote(key, "/v1/images/generations", "{\"model\":\"acme/tokens\",\"prompt\":\"p\"}");
        assertEquals("tokens", tokens.path("candidates").path(0).path("metered").asText());
        Api.Reply unknown = api.post("/v1/quotes", key, "{\"endpoint\":\"/v1/images/generations\",\"body\":{\"model\":\"acme/none\",\"prompt\":\"p\"}}");
        assertEquals(404, unknown.status(), "the request's own error: " + unknown.body());
        assertEquals("model_not_found", unknown.body().path("code").asText());
        Api.Reply badSize = api.post("/v1/quotes", key, "{\"endpoint\":\"/v1/images/generations\",\"body\":{\"model\":\"acme/sized\",\"prompt\":\"p\",\"size\":\"512x512\"}}");
        assertEquals(400, badSize.status());
        assertEquals("size", badSize.body().path("param").asText(), "routing names the field as the request would: " + badSize.body());
        Api.Reply endpoint = api.post("/v1/quotes", key, "{\"endpoint\":\"/v1/models\",\"body\":{}}");
        assertEquals(400, endpoint.status());
        assertEquals("endpoint", endpoint.body().path("param").asText());
    }

    @Test
    void aRequestSentWithItsQuoteIsChargedAtMostItsPriceAndHeldToIt() throws Exception {
        String body = "{\"model\":\"acme/sized\",\"prompt\":\"held\",\"n\":2}";
        JsonNode quote = quote(key, "/v1/images/generations", body);
        String id = quote.path("id").asText();
        Api.Reply sent = api.post("/v1/images/generations", key, body.replace("}", ",\"quote_id\":\"" + id + "\",\"response_format\":\"url\"}"));
        assertEquals(200, sent.status(), sent.body().toString());
        assertTrue(money(sent.body().path("price")).compareTo(money(quote.path("price"))) <= 0, sent.body().path("price") + " within " + quote);
        Api.Reply again = api.post("/v1/images/generations", key, body.replace("}", ",\"quote_id\":\"" + id + "\"}"));
        assertEquals(200, again.status(), "a quote serves while it lasts: " + again.body());
        Api.Reply other = api.post("/v1/images/generations", key, body.replace("\"n\":2", "\"n\":3").replace("}", ",\"quote_id\":\"" + id + "\"}"));
        assertEquals(400, other.status(), other.body().toString());
        assertEquals("quote_id", other.body().path("param").asText());
        Api.Reply unknown = api.post("/v1/images/generations", key, body.replace("}", ",\"quote_id\":\"qt_doesnotexist0000\"}"));
        assertEquals(400, unknown.status());
        assertEquals("quote_id", unknown.body().path("param").asText());
        String stranger = api.newUserKey(Suite.ADMIN_KEY, "pro");
        Api.Reply theirs = api.post("/v1/images/generations", stranger, body.replace("}", ",\"quote_id\":\"" + id + "\"}"));
        assertEquals(400, theirs.status(), "another account's quote is no quote: " + theirs.body());
        Api.Reply malformed = api.post("/v1/images/generations", key, body.replace("}", ",\"quote_id\":\"free\"}"));
        assertEquals(400, malformed.status());
        assertEquals("quote_id", malformed.body().path("param").asText());
    }

    @Test
    void whenTheQuotedOfferIsGoneAndOnlyDearerOnesAreLeftTheQuotedRequestIsRefusedAsAPriceChange() throws Exception {
        String body = "{\"model\":\"acme/fallback\",\"prompt\":\"price rise\"}";
        JsonNode quote = quote(key, "/v1/images/generations", body);
        assertEquals("broken", quote.path("candidates").path(0).path("provider").asText(), quote.toString());
        // the cheap offer fails until its circuit opens: the next quote and request see only the dearer one
        for (int i = 0; i < 2; i++) {
            assertEquals(200, api.post("/v1/images/generations", key, body).status());
        }
        JsonNode now = quote(key, "/v1/images/generations", body);
        assertEquals(1, now.path("candidates").size(), "a provider whose circuit is open is no candidate: " + now);
        assertEquals(0, new BigDecimal("0.03").compareTo(money(now.path("price"))));
        Api.Reply held = api.post("/v1/images/generations", key, body.replace("}", ",\"quote_id\":\"" + quote.path("id").asText() + "\"}"));
        assertEquals(409, held.status(), held.body().toString());
        assertEquals("price_changed", held.body().path("code").asText());
        assertEquals(0, new BigDecimal("0.01").compareTo(money(held.body().path("quoted"))), held.body().toString());
        assertEquals(0, new BigDecimal("0.03").compareTo(money(held.body().path("price"))));
        // the provider's recent calls give the quote its times (once catalog-service has counted them)
        JsonNode eta = candidate(now, "pricey").path("eta");
        for (long deadline = System.currentTimeMillis() + 30_000; !eta.path("p50").isNumber() && System.currentTimeMillis() < deadline; ) {
            Thread.sleep(1000);
            eta = candidate(quote(key, "/v1/images/generations", body), "pricey").path("eta");
        }
        assertTrue(eta.path("p50").isNumber() && eta.path("p95").isNumber(), eta.toString());
        assertTrue(eta.path("p50").asLong() <= eta.path("p95").asLong(), eta.toString());
    }

    @Test
    void aQuoteSaysWhetherTheCallerWouldBeAdmittedAndTheRequestGetsTheCodeItNamed() throws Exception {
        Api.Reply account = api.post("/v1/admin/accounts", Suite.ADMIN_KEY, "{\"name\":\"capped\",\"tier\":\"pro\"}");
        String id = account.body().path("result").path("account").path("id").asText();
        assertEquals(200, api.send("PATCH", "/v1/admin/accounts/" + id, Suite.ADMIN_KEY, "{\"budget\":{\"daily\":0.02}}").status());
        String capped = api.post("/v1/admin/accounts/" + id + "/keys", Suite.ADMIN_KEY, "").body().path("result").path("key").path("key").asText();
        String dear = "{\"model\":\"acme/sized\",\"prompt\":\"dear\",\"size\":\"128x64\",\"quality\":\"high\"}";
        JsonNode refused = quote(capped, "/v1/images/generations", dear);
        assertFalse(refused.path("admitted").asBoolean(), refused.toString());
        assertEquals("budget_exceeded", refused.path("refusal").path("code").asText());
        Api.Reply sent = api.post("/v1/images/generations", capped, dear);
        assertEquals(402, sent.status());
        assertEquals("budget_exceeded", sent.body().path("code").asText());
        assertTrue(quote(capped, "/v1/images/generations", "{\"model\":\"acme/sized\",\"prompt\":\"cheap\",\"quality\":\"low\"}")
                .path("admitted").asBoolean(), "0.005 fits the 0.02 cap");
        String videosOnly = api.post("/v1/admin/accounts/" + id + "/keys", Suite.ADMIN_KEY, "{\"scopes\":[\"videos\"]}")
                .body().path("result").path("key").path("key").asText();
        JsonNode scoped = quote(videosOnly, "/v1/images/generations", "{\"model\":\"acme/sized\",\"prompt\":\"p\"}");
        assertFalse(scoped.path("admitted").asBoolean());
        assertEquals("permission_denied", scoped.path("refusal").path("code").asText(), scoped.toString());
        assertEquals(403, api.post("/v1/images/generations", videosOnly, "{\"model\":\"acme/sized\",\"prompt\":\"p\"}").status());
    }

    private static JsonNode made(String caller, String body) throws Exception {
        Api.Reply r = api.post("/v1/images/generations", caller, body);
        assertEquals(200, r.status(), body + " -> " + r.body());
        return r.body();
    }

    @Test
    void aSeededRequestAskingToReuseGetsItsAccountsStoredResultAsANewItemOnTheSameBytesAtNoCharge() throws Exception {
        String owner = api.newUserKey(Suite.ADMIN_KEY, "pro");
        String body = "{\"model\":\"acme/seeded\",\"prompt\":\"a red kite\",\"seed\":7,\"reuse\":true";
        JsonNode first = made(owner, body + "}");
        assertEquals(0, new BigDecimal("0.02").compareTo(money(first.path("price"))), "nothing stored yet: made and charged");
        assertTrue(first.path("stats").path("reused").isMissingNode());
        JsonNode again = made(owner, body + ",\"public\":false}");
        assertEquals(0, BigDecimal.ZERO.compareTo(money(again.path("price"))), again.toString());
        String original = first.path("data").path(0).path("id").asText();
        JsonNode item = again.path("data").path(0);
        assertEquals(original, again.path("stats").path("reused").path("from").asText(), again.toString());
        assertEquals(original, item.path("reusedFrom").asText());
        assertFalse(item.path("id").asText().equals(original), "an item of its own");
        assertTrue(again.path("stats").path("attempts").isEmpty(), "no provider called: " + again.path("stats"));
        byte[] bytes = api.download(first.path("data").path(0).path("url").asText());
        assertTrue(java.util.Arrays.equals(bytes, api.download(item.path("url").asText())), "the same stored bytes");
        // its own visibility: private, while the original is public
        assertFalse(item.path("public").asBoolean(true), item.toString());
        assertEquals(200, api.get("/v1/media/" + original, api.newUserKey(Suite.ADMIN_KEY, "pro")).status());
        assertEquals(403, api.get("/v1/media/" + item.path("id").asText(), api.newUserKey(Suite.ADMIN_KEY, "pro")).status());
        // another seed, or no reuse asked, is made anew
        assertEquals(0, new BigDecimal("0.02").compareTo(money(made(owner, body.replace("\"seed\":7", "\"seed\":8") + "}").path("price"))));
        assertEquals(0, new BigDecimal("0.02").compareTo(money(made(owner, body.replace(",\"reuse\":true", "") + "}").path("price"))));
        // never across accounts
        JsonNode stranger = made(api.newUserKey(Suite.ADMIN_KEY, "pro"), body + "}");
        assertEquals(0, new BigDecimal("0.02").compareTo(money(stranger.path("price"))), "another account's result is never reused");
        // deleting the original leaves the reused item whole; once both are gone the next request is made anew
        assertEquals(200, api.send("DELETE", "/v1/media/" + original, owner).status());
        assertTrue(java.util.Arrays.equals(bytes, api.download(api.get("/v1/media/" + item.path("id").asText(), owner).body()
                .path("result").path("media").path("url").asText())), "the bytes stay while an item points at them");
        JsonNode third = made(owner, body + "}");
        assertEquals(0, BigDecimal.ZERO.compareTo(money(third.path("price"))), "the newest result of the terms is reused: " + third);
        assertEquals(200, api.send("DELETE", "/v1/media/" + item.path("id").asText(), owner).status());
        assertEquals(200, api.send("DELETE", "/v1/media/" + third.path("data").path(0).path("id").asText(), owner).status());
    }

    @Test
    void anAccountMayReuseByDefaultAndARequestMayStillAskForANewOne() throws Exception {
        Api.Reply account = api.post("/v1/admin/accounts", Suite.ADMIN_KEY, "{\"name\":\"reuser\",\"tier\":\"pro\",\"reuse\":true}");
        assertTrue(account.body().path("result").path("account").path("reuse").asBoolean(), account.body().toString());
        String id = account.body().path("result").path("account").path("id").asText();
        String owner = api.post("/v1/admin/accounts/" + id + "/keys", Suite.ADMIN_KEY, "").body().path("result").path("key").path("key").asText();
        String seeded = "{\"model\":\"acme/seeded\",\"prompt\":\"by default\",\"seed\":21";
        made(owner, seeded + "}");
        assertEquals(0, BigDecimal.ZERO.compareTo(money(made(owner, seeded + "}").path("price"))), "the account's default");
        assertEquals(0, new BigDecimal("0.02").compareTo(money(made(owner, seeded + ",\"reuse\":false}").path("price"))), "the request's own choice");
        assertEquals(0, new BigDecimal("0.02").compareTo(money(made(owner, "{\"model\":\"acme/seeded\",\"prompt\":\"by default\"}").path("price"))),
                "an unseeded request is made, not refused, under the account's default");
        assertEquals(200, api.send("PATCH", "/v1/admin/accounts/" + id, Suite.ADMIN_KEY, "{\"reuse\":false}").status());
        assertEquals(0, new BigDecimal("0.02").compareTo(money(made(owner, seeded + "}").path("price"))), "default turned off");
    }

    @Test
    void reuseNeedsASeedADeterministicOfferAndTheSameInputBytes() throws Exception {
        String owner = api.newUserKey(Suite.ADMIN_KEY, "pro");
        Api.Reply unseeded = api.post("/v1/images/generations", owner, "{\"model\":\"acme/seeded\",\"prompt\":\"p\",\"reuse\":true}");
        assertEquals(400, unseeded.status());
        assertEquals("reuse", unseeded.body().path("param").asText());
        Api.Reply video = api.post("/v1/videos/generations", owner, "{\"model\":\"acme/clip\",\"prompt\":\"p\",\"reuse\":true}");
        assertEquals(400, video.status(), "refused where it is not offered, never dropped: " + video.body());
        assertEquals("reuse", video.body().path("param").asText());
        String dice = "{\"model\":\"acme/dice\",\"prompt\":\"p\",\"seed\":3,\"reuse\":true}";
        made(owner, dice);
        assertEquals(0, new BigDecimal("0.02").compareTo(money(made(owner, dice).path("price"))), "a provider not deterministic for a seed is never reused");
        List<String> edit = List.of("model", "acme/seeded", "prompt", "make it blue", "seed", "5", "reuse", "true");
        Api.Reply red = api.postForm("/v1/images/edits", owner, edit, new Api.FormFile("image", "a.png", TestImages.pngOf(64, 64, 0xFFFF0000)));
        assertEquals(200, red.status(), red.body().toString());
        Api.Reply redAgain = api.postForm("/v1/images/edits", owner, edit, new Api.FormFile("image", "b.png", TestImages.pngOf(64, 64, 0xFFFF0000)));
        assertEquals(0, BigDecimal.ZERO.compareTo(money(redAgain.body().path("price"))), "the same picture by its bytes, whatever its name: " + redAgain.body());
        Api.Reply green = api.postForm("/v1/images/edits", owner, edit, new Api.FormFile("image", "a.png", TestImages.pngOf(64, 64, 0xFF00FF00)));
        assertEquals(0, new BigDecimal("0.02").compareTo(money(green.body().path("price"))), "other input bytes: made anew");
    }

    @Test
    void sharedBytesAreCountedOnceInTheAccountsStorage() throws Exception {
        String owner = api.newUserKey(Suite.ADMIN_KEY, "pro");
        String body = "{\"model\":\"acme/seeded\",\"prompt\":\"counted once\",\"seed\":11,\"reuse\":true}";
        JsonNode first = made(owner, body);
        long bytes = first.path("data").path(0).path("bytes").asLong();
        JsonNode second = made(owner, body);
        assertEquals(0, BigDecimal.ZERO.compareTo(money(second.path("price"))));
        JsonNode storage = null;
        for (long deadline = System.currentTimeMillis() + 20_000; System.currentTimeMillis() < deadline; Thread.sleep(300)) {
            storage = api.get("/v1/usage", owner).body().path("result").path("storage");
            if (storage.path("usedBytes").asLong() == bytes) {
                break;
            }
        }
        assertEquals(bytes, storage.path("usedBytes").asLong(), "two items, one file: " + storage);
        // the original goes: the bytes are still stored, counted against the item left
        assertEquals(200, api.send("DELETE", "/v1/media/" + first.path("data").path(0).path("id").asText(), owner).status());
        Thread.sleep(2000);
        assertEquals(bytes, api.get("/v1/usage", owner).body().path("result").path("storage").path("usedBytes").asLong());
        assertEquals(200, api.send("DELETE", "/v1/media/" + second.path("data").path(0).path("id").asText(), owner).status());
        for (long deadline = System.currentTimeMillis() + 20_000; System.currentTimeMillis() < deadline; Thread.sleep(300)) {
            storage = api.get("/v1/usage", owner).body().path("result").path("storage");
            if (storage.path("usedBytes").asLong() == 0) {
                break;
            }
        }
        assertEquals(0, storage.path("usedBytes").asLong(), storage.toString());
    }
}
