package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.infra.SigningChain;
import io.mediagate.provenance.cose.SigningKey;
import io.mediagate.provenance.formats.Embedding;
import io.mediagate.provenance.manifest.Manifest;
import io.mediagate.testing.C2paReference;
import io.mediagate.testing.FakeOpenAiImages;
import io.mediagate.testing.FakeOpenAiImages.Mode;
import io.mediagate.testing.TestInfra;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Routing, fallback and circuit breaking through the whole suite over real Kafka, against
 * OpenAI-compatible upstreams that speak the OpenAI images wire format. Each scenario has its own
 * model and upstreams so scenarios cannot disturb each other.
 */
class RoutingIT {
    private static final String RANK_KEY = "sk-rank-test-key";
    private static final String KEYED_KEY = "sk-keyed-" + java.util.UUID.randomUUID();
    private static final Map<String, FakeOpenAiImages> UPSTREAMS = new java.util.LinkedHashMap<>();
    private static Suite suite;
    private static Api api;
    private static String key;

    @BeforeAll
    static void start() throws Exception {
        for (String name : List.of("rankCheap", "rankPremium", "fbCheap", "fbBackup", "cbMain", "cbBackup", "limited", "exMain", "exBackup", "killCheap", "killBackup", "keyed", "unkeyed", "credMain", "credBackup", "vector", "driftGone", "driftNext", "listedStale", "listedNext", "refusing", "accepting", "alone", "plainPng", "nativeGpt")) {
            UPSTREAMS.put(name, new FakeOpenAiImages());
        }
        UPSTREAMS.get("rankCheap").requireKey(RANK_KEY);
        UPSTREAMS.get("vector").mode(Mode.SVG_B64);
        UPSTREAMS.get("keyed").requireKey(KEYED_KEY);
        UPSTREAMS.get("driftGone").mode(Mode.MODEL_NOT_FOUND);
        UPSTREAMS.get("refusing").mode(Mode.INVALID_PROMPT);
        UPSTREAMS.get("alone").mode(Mode.INVALID_PROMPT);
        UPSTREAMS.get("listedStale").lists("m-other-model");
        UPSTREAMS.get("listedNext").lists("m-listed-next", "m-other-model");
        Path catalog = TestInfra.get().home().resolve("routing-catalog.yaml");
        Files.writeString(catalog, catalogYaml());
        suite = Suite.start("routing", Map.of(
                "MEDIAGATE_CATALOG_FILE", catalog.toString(),
                "RANKCHEAP_KEY", RANK_KEY,
                "KEYED_OPENAI_KEY", KEYED_KEY,
                "MEDIAGATE_ROUTING_BREAKER_FAILURE_THRESHOLD", "2",
                "MEDIAGATE_ROUTING_BREAKER_OPEN_FOR", "3s",
                "MEDIAGATE_ROUTING_BACKOFF", "50ms",
                "MEDIAGATE_WAIT_LIMIT_MS", "4000",
                "MEDIAGATE_STREAM_KEEPALIVE", "1s"));
        api = new Api(suite.baseUrl());
        key = api.newUserKey(Suite.ADMIN_KEY, "pro");
        awaitRoutingConsumes();
    }

    /**
     * Readiness does not include routing's partition assignment (an idle extra replica has none), and
     * this suite's wait limit is short: wait until a generation completes within it.
     */
    private static void awaitRoutingConsumes() throws Exception {
        long deadline = System.currentTimeMillis() + 60_000;
        Api.Reply last = null;
        while (System.currentTimeMillis() < deadline) {
            last = api.post("/v1/images/generations", key, "{\"model\":\"acme/warmup\",\"prompt\":\"warm up\"}");
            if (last.status() == 200) {
                return;
            }
            if (last.status() != 202) {
                break;
            }
        }
        throw new IllegalStateException("routing did not start serving within 60 s: " + last.status() + " " + last.body());
    }

    @AfterAll
    static void stop() {
        if (suite != null) {
            suite.close();
        }
        UPSTREAMS.values().forEach(FakeOpenAiImages::close);
    }

    private static String provider(String id, String upstream, String keyEnv) {
        return "  - { id: " + id + ", name: " + id + ", adapter: openai-compatible, media: [image], enabled: true, baseUrl: \""
                + UPSTREAMS.get(upstream).baseUrl() + "\"" + (keyEnv == null ? "" : ", apiKeyEnv: " + keyEnv)
                + ", createdAt: 2026-01-01T00:00:00Z }\n";
    }

    /** A provider on the real {@code openai} adapter (default base URL overridden by the fake's). */
    private static String openAi(String id, String upstream, String keyEnv) {
        return "  - { id: " + id + ", name: " + id + ", adapter: openai, media: [image], enabled: true, baseUrl: \""
                + UPSTREAMS.get(upstream).baseUrl() + "\", apiKeyEnv: " + keyEnv + ", createdAt: 2026-01-01T00:00:00Z }\n";
    }

    private static String model(String id, String... offers) {
        return "  - id: " + id + "\n    displayName: " + id + "\n    media: image\n    description: test\n"
                + "    versions: [{ version: \"1\", createdAt: 2026-01-01T00:00:00Z }]\n"
                + "    sizes: [64x64]\n    defaultSize: 64x64\n    inputs: [text]\n"
                + "    parameters: [{ name: seed, type: integer }, { name: detail, type: string, enum: [low, high] }, { name: style, type: string }]\n"
                + "    offers:\n" + String.join("", offers) + "    createdAt: 2026-01-01T00:00:00Z\n";
    }

    private static String offer(String provider, String price, String features) {
        return "      - { provider: " + provider + ", price: " + price + ", unit: image, features: [" + features + "], upstreamModel: m-" + provider + " }\n";
    }

    private static String catalogYaml() {
        return "providers:\n" + provider("rank-cheap", "rankCheap", "RANKCHEAP_KEY") + provider("rank-premium", "rankPremium", null)
                + provider("fb-cheap", "fbCheap", null) + provider("fb-backup", "fbBackup", null)
                + provider("cb-main", "cbMain", null) + provider("cb-backup", "cbBackup", null)
                + provider("limited", "limited", null)
                + provider("ex-main", "exMain", null) + provider("ex-backup", "exBackup", null)
                + provider("kill-cheap", "killCheap", null) + provider("kill-backup", "killBackup", null)
                + provider("cred-main", "credMain", null) + provider("cred-backup", "credBackup", null)
                + provider("vector", "vector", null)
                + provider("drift-gone", "driftGone", null) + provider("drift-next", "driftNext", null)
                + provider("listed-stale", "listedStale", null) + provider("listed-next", "listedNext", null)
                + provider("refusing", "refusing", null) + provider("accepting", "accepting", null) + provider("alone", "alone", null)
                + provider("plain-png", "plainPng", null) + provider("native-gpt", "nativeGpt", null)
                + openAi("keyed", "keyed", "KEYED_OPENAI_KEY") + openAi("unkeyed", "unkeyed", "MEDIAGATE_E2E_NEVER_SET_KEY")
                + "  - { id: warmup, name: warmup, adapter: fake, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }\n"
                + "  - { id: slowpoke, name: slowpoke, adapter: fake, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }\n"
                + "  - { id: clips, name: clips, adapter: fake, media: [video], enabled: true, createdAt: 2026-01-01T00:00:00Z }\n"
                + "  - { id: resizer, name: resizer, adapter: fake, media: [image], enabled: true, createdAt: 2026-01-01T00:00:00Z }\n"
                + "  - { id: exact, name: exact, adapter: fake, media: [video], enabled: true, createdAt: 2026-01-01T00:00:00Z }\n"
                + "  - { id: sideways, name: sideways, adapter: fake, media: [video], enabled: true, createdAt: 2026-01-01T00:00:00Z }\n"
                + "models:\n"
                + model("acme/ranked", offer("rank-cheap", "0.020", "seed"), offer("rank-premium", "0.023", "seed, detail"))
                + model("acme/fallback", offer("fb-cheap", "0.010", "seed"), offer("fb-backup", "0.050", "seed"))
                + model("acme/circuit", offer("cb-main", "0.010", ""), offer("cb-backup", "0.020", ""))
                + model("acme/limited", offer("limited", "0.010", ""))
                + model("acme/explicit", offer("ex-main", "0.010", ""), offer("ex-backup", "0.020", ""))
                + model("acme/keyed", offer("unkeyed", "0.005", "seed, detail"), offer("keyed", "0.010", "seed, detail"))
                + model("acme/warmup", "      - { provider: warmup, price: 0.01, unit: image, upstreamModel: ok }\n")
                + model("acme/killable", offer("kill-cheap", "0.010", ""), offer("kill-backup", "0.020", ""))
                + model("acme/credentials", offer("cred-main", "0.010", ""), offer("cred-backup", "0.020", ""))
                + model("acme/vector", offer("vector", "0.080", ""))
                + model("acme/drift", offer("drift-gone", "0.010", ""), offer("drift-next", "0.020", ""))
                + model("acme/listed", offer("listed-stale", "0.010", ""), offer("listed-next", "0.020", ""))
                + model("acme/refused", offer("refusing", "0.010", ""), offer("accepting", "0.020", ""))
                + model("acme/alone", offer("alone", "0.010", ""))
                + model("acme/plain", offer("plain-png", "0.010", ""))
                + model("acme/options", offer("plain-png", "0.010", ""), "      - { provider: native-gpt, price: 0.020, unit: image, features: "
                        + "[quality, background, output_format, output_compression], upstreamModel: gpt-image-2.6-sunburst, sizePrices: { high: 0.08 } }\n")
                // billed by the tokens the provider reports, at GPT Image 2.6 Sunburst's rates per million
                + model("acme/tokens", "      - { provider: native-gpt, price: 0.03, unit: image, upstreamModel: gpt-image-2.6-sunburst, "
                        + "tokens: { textInput: 5.00, imageInput: 8.00, imageOutput: 30.00 } }\n")
                // a model OpenAI shut down: its fake answers OpenAI's 404 model_not_found, as OpenAI does
                + model("acme/shut", "      - { provider: native-gpt, price: 0.04, unit: image, upstreamModel: gpt-image-1 }\n")
                + model("acme/slow", "      - { provider: slowpoke, price: 0.01, unit: image, upstreamModel: slow, options: { delayMs: \"6000\" } }\n")
                + model("acme/resized", "      - { provider: resizer, price: 0.01, unit: image, upstreamModel: ok, options: { deliveredSize: 48x32 } }\n")
                + "  - id: acme/clip\n    displayName: clip\n    media: video\n    description: test\n"
                + "    versions: [{ version: \"1\", createdAt: 2026-01-01T00:00:00Z }]\n"
                + "    sizes: [480p]\n    defaultSize: 480p\n    durations: { min: 1, max: 8, default: 4 }\n    inputs: [text]\n"
                + "    offers:\n"
                + "      - { provider: clips, price: 0.05, unit: second, upstreamModel: ok, options: { durations: \"4,8\" } }\n"
                + "      - { provider: exact, price: 0.07, unit: second, upstreamModel: ok }\n"
                + "    createdAt: 2026-01-01T00:00:00Z\n"
                // a provider whose videos are landscape whatever was asked, as an image-to-video endpoint's have the image's shape
                + "  - id: acme/vertical\n    displayName: vertical\n    media: video\n    description: test\n"
                + "    versions: [{ version: \"1\", createdAt: 2026-01-01T00:00:00Z }]\n"
                + "    sizes: [480p]\n    defaultSize: 480p\n    aspectRatios: [\"16:9\", \"9:16\"]\n    durations: { min: 1, max: 4, default: 1 }\n"
                + "    inputs: [text]\n    offers:\n"
                + "      - { provider: sideways, price: 0.05, unit: second, upstreamModel: ok, options: { deliveredFrame: 854x480 } }\n"
                + "    createdAt: 2026-01-01T00:00:00Z\n";
    }

    private static JsonNode generate(int status, String body) throws Exception {
        Api.Reply r = api.post("/v1/images/generations", key, body);
        assertEquals(status, r.status(), r.body().toString());
        return r.body();
    }

    private static List<String> attempts(JsonNode stats) {
        List<String> out = new ArrayList<>();
        stats.path("attempts").forEach(a -> out.add(a.path("provider").asText() + ":" + a.path("outcome").asText()));
        return out;
    }

    /**
     * A token-billed offer charges what its provider's reported usage makes at the offer's rates: the fake answers GPT
     * Image's usage for the call (10 text tokens in, 100 image tokens out, whatever n), so (10 x $5 + 100 x $30) /
     * 1,000,000 once for the call, shown in stats.usage, each image its share. A model whose provider has shut it down (the
     * fake answers OpenAI's 404 model_not_found) is 410 model_retired, not a 503 to retry.
     */
    @Test
    void aTokenBilledImageIsChargedWhatTheReportedUsageMakesAtItsRates() throws Exception {
        JsonNode r = generate(200, "{\"model\":\"acme/tokens\",\"prompt\":\"p\",\"n\":2}");
        JsonNode usage = r.path("stats").path("usage");
        assertEquals("tokens", usage.path("basis").asText(), r.toString());
        assertEquals(10, usage.path("tokens").path("textInput").asLong(), "one call, counted once for its two images");
        assertEquals(100, usage.path("tokens").path("imageOutput").asLong());
        assertEquals(0, new java.math.BigDecimal("0.00305").compareTo(r.path("price").decimalValue()), r.path("price").toString());
        assertEquals(0, new java.math.BigDecimal("0.00305").compareTo(usage.path("charge").decimalValue()));
        assertEquals(0.001525, r.path("data").get(0).path("price").asDouble(), 1e-12, "each image its share");
        JsonNode gone = generate(410, "{\"model\":\"acme/shut\",\"prompt\":\"p\"}");
        assertEquals("model_retired", gone.path("error").path("code").asText(gone.path("code").asText()), gone.toString());
    }

    @Test
    void cheapestTakesTheLowestPriceAndListsTheFeaturesItDropped() throws Exception {
        JsonNode r = generate(200, "{\"model\":\"acme/ranked\",\"prompt\":\"p\",\"routing\":\"cheapest\",\"detail\":\"high\"}");
        assertEquals("rank-cheap", r.path("stats").path("providerId").asText());
        assertEquals("cheapest", r.path("stats").path("routing").path("mode").asText());
        assertEquals(List.of("detail"), StreamSupport.stream(r.path("stats").path("ignoredParams").spliterator(), false).map(JsonNode::asText).toList());
        assertEquals(0.02, r.path("price").asDouble(), 1e-9);
        // The item keeps what it cost, in the generation answer and wherever it is read later.
        JsonNode item = r.path("data").get(0);
        assertEquals(0.02, item.path("price").asDouble(), 1e-9);
        assertEquals(0.02, api.get("/v1/media/" + item.path("id").asText(), key).body().path("result").path("media").path("price").asDouble(), 1e-9);
        assertEquals("Bearer " + RANK_KEY, UPSTREAMS.get("rankCheap").received().getLast().authorization(), "key from the env var the catalog names");
        assertTrue(UPSTREAMS.get("rankCheap").received().getLast().body().path("detail").isMissingNode(), "unsupported features are not sent");
    }

    /**
     * A provider answering that the model is gone (OpenAI's 404 {@code model_not_found}): not retried, the next offer
     * serves at once, the offer is retired for the next requests and shown retired by /v1/models and /v1/providers.
     */
    @Test
    void aModelGoneAtItsProviderRetiresTheOfferAndTheNextServes() throws Exception {
        JsonNode r = generate(200, "{\"model\":\"acme/drift\",\"prompt\":\"p\",\"routing\":\"cheapest\"}");
        assertEquals("drift-next", r.path("stats").path("providerId").asText());
        assertEquals(List.of("drift-gone:failure", "drift-next:success"), attempts(r.path("stats")), "the gone model is not retried");
        assertEquals("gone", r.path("stats").path("attempts").get(0).path("failure").asText());
        assertEquals(0.02, r.path("price").asDouble(), 1e-9, "charged at the offer that served");
        JsonNode again = generate(200, "{\"model\":\"acme/drift\",\"prompt\":\"p\",\"routing\":\"cheapest\"}");
        assertEquals(List.of("drift-next:success"), attempts(again.path("stats")));
        assertEquals(1, UPSTREAMS.get("driftGone").received().size(), "a retired offer is not called again");
        JsonNode offer = awaitOffer("acme/drift", "drift-gone", "retired");
        assertTrue(offer.path("retired").path("reason").asText().contains("gone"), offer.toString());
        assertTrue(offer.path("retired").has("at"), offer.toString());
        JsonNode provider = api.get("/v1/providers/drift-gone", key).body().path("result").path("provider");
        assertEquals("acme/drift", provider.path("retiredOffers").get(0).path("model").asText(), provider.toString());
        Api.Reply explicit = api.post("/v1/images/generations", key, "{\"model\":\"acme/drift\",\"prompt\":\"p\",\"provider\":\"drift-gone\"}");
        assertEquals(503, explicit.status(), explicit.body().toString());
        assertTrue(explicit.body().path("message").asText().contains("retired"), explicit.body().toString());
    }

    /**
     * The catalog check asks each provider's listing: an offer whose upstream model the provider no longer lists is
     * retired (and routing takes the next offer), a provider without its key is reported skipped, never failed.
     */
    @Test
    void theCatalogCheckRetiresAnOfferItsProviderNoLongerListsAndSkipsProvidersWithoutKeys() throws Exception {
        Api.Reply forbidden = api.post("/v1/admin/catalog/check", key, "{}");
        assertEquals(403, forbidden.status(), "the check is the administrator's");
        Api.Reply check = api.post("/v1/admin/catalog/check", Suite.ADMIN_KEY, "{}");
        assertEquals(200, check.status(), check.body().toString());
        Map<String, JsonNode> results = new java.util.HashMap<>();
        check.body().path("result").path("providers").forEach(p -> results.put(p.path("provider").asText(), p));
        assertEquals("checked", results.get("listed-stale").path("status").asText(), results.get("listed-stale").toString());
        assertEquals("acme/listed", results.get("listed-stale").path("retired").get(0).asText());
        assertEquals("checked", results.get("listed-next").path("status").asText());
        assertEquals(0, results.get("listed-next").path("retired").size());
        assertEquals("skipped", results.get("unkeyed").path("status").asText(), results.get("unkeyed").toString());
        assertTrue(results.get("unkeyed").path("detail").asText().contains("MEDIAGATE_E2E_NEVER_SET_KEY"));
        awaitOffer("acme/listed", "listed-stale", "retired");
        long deadline = System.currentTimeMillis() + 45_000; // routing reads the catalog's answer anew within 30 s
        JsonNode served;
        do {
            served = generate(200, "{\"model\":\"acme/listed\",\"prompt\":\"p\",\"routing\":\"cheapest\"}");
        } while (!attempts(served.path("stats")).equals(List.of("listed-next:success")) && System.currentTimeMillis() < deadline
                && sleep(1000));
        assertEquals(List.of("listed-next:success"), attempts(served.path("stats")), served.path("stats").toString());
    }

    /**
     * A provider refusing, as invalid, a request that passed our validation over a field we translated (OpenAI's 400
     * with {@code param: size}) is the offer's fault: the next offer serves, and the refusal counts against the provider.
     * Only when every offer refuses is it the caller's 400.
     */
    @Test
    void aProviderRefusingOurTranslationFailsOverAndOnlyEveryRefusalIsTheCallers() throws Exception {
        JsonNode r = generate(200, "{\"model\":\"acme/refused\",\"prompt\":\"p\",\"routing\":\"cheapest\"}");
        assertEquals("accepting", r.path("stats").path("providerId").asText(), r.path("stats").toString());
        assertEquals(List.of("refusing:failure", "accepting:success"), attempts(r.path("stats")));
        assertEquals("rejected", r.path("stats").path("attempts").get(0).path("failure").asText());
        assertEquals(1, UPSTREAMS.get("refusing").received().size(), "not asked twice");
        Api.Reply alone = api.post("/v1/images/generations", key, "{\"model\":\"acme/alone\",\"prompt\":\"p\"}");
        assertEquals(400, alone.status(), alone.body().toString());
        assertEquals("invalid_request", alone.body().path("code").asText());
        assertTrue(alone.body().path("message").asText().contains("size"), alone.body().toString());
    }

    private static boolean sleep(long ms) throws InterruptedException {
        Thread.sleep(ms);
        return true;
    }

    /** The model's offer at the provider once it has the status (the catalog learns from finished jobs). */
    private static JsonNode awaitOffer(String model, String provider, String status) throws Exception {
        long deadline = System.currentTimeMillis() + 30_000;
        JsonNode offer = null;
        while (System.currentTimeMillis() < deadline) {
            for (JsonNode o : api.get("/v1/models/" + model, key).body().path("result").path("model").path("providers")) {
                if (provider.equals(o.path("provider").asText())) {
                    offer = o;
                }
            }
            if (offer != null && status.equals(offer.path("status").asText())) {
                return offer;
            }
            Thread.sleep(300);
        }
        throw new AssertionError(model + " at " + provider + " never became " + status + ": " + offer);
    }

    @Test
    void aVideoIsRankedAndChargedForTheClipItsProviderMakes() throws Exception {
        // 5 s: "clips" makes 8 s (0.40), "exact" makes 5 s (0.35): the cheaper bill wins, not the lower unit price.
        JsonNode exact = video("{\"model\":\"acme/clip\",\"prompt\":\"tide\",\"duration\":5,\"routing\":\"cheapest\"}");
        assertEquals("exact", exact.path("stats").path("providerId").asText(), exact.toString());
        assertEquals(0.35, exact.path("price").asDouble(), 1e-9);
        assertTrue(exact.path("stats").path("applied").isMissingNode(), "nothing differs from the request: " + exact.path("stats"));
        // 4 s: a clip length of "clips" (0.20 against 0.28).
        JsonNode fits = video("{\"model\":\"acme/clip\",\"prompt\":\"tide\",\"duration\":4,\"routing\":\"cheapest\"}");
        assertEquals("clips", fits.path("stats").path("providerId").asText());
        assertEquals(0.20, fits.path("price").asDouble(), 1e-9);
        // 5 s at "clips" itself: the 8 s clip it makes is what is charged, said and delivered.
        JsonNode rounded = video("{\"model\":\"acme/clip\",\"prompt\":\"tide\",\"duration\":5,\"provider\":\"clips\"}");
        assertEquals(0.40, rounded.path("price").asDouble(), 1e-9, rounded.toString());
        assertEquals(8, rounded.path("stats").path("applied").path("duration").asInt(), rounded.path("stats").toString());
        assertEquals(8.0, rounded.path("data").get(0).path("duration").asDouble(), 0.1, "the item's duration is the delivered file's");
    }

    /**
     * A provider that delivers another shape than the one asked (landscape for a portrait request) is probed: the video is
     * fitted into the portrait frame asked, never turned landscape, and stats.applied names the shape it delivered.
     */
    @Test
    void aVideoDeliveredInAnotherShapeIsFittedIntoTheFrameAskedAndSaysSo() throws Exception {
        JsonNode made = video("{\"model\":\"acme/vertical\",\"prompt\":\"tide\",\"aspect_ratio\":\"9:16\"}");
        assertEquals("16:9", made.path("stats").path("applied").path("aspectRatio").asText(), made.path("stats").toString());
        JsonNode item = made.path("data").get(0);
        assertEquals(480, item.path("width").asInt(), item.toString());
        assertEquals(854, item.path("height").asInt(), "the portrait frame asked, with bars");
        JsonNode plain = video("{\"model\":\"acme/vertical\",\"prompt\":\"tide\"}");
        assertTrue(plain.path("stats").path("applied").isMissingNode(), "landscape asked and delivered: " + plain.path("stats"));
    }

    /**
     * Images an OpenAI-compatible provider signed with Content Credentials of its own, as OpenAI's are: one delivered as
     * it came keeps the provider's manifest and bytes; one converted to the format asked for names the provider's file as
     * its parent and carries its manifest. The provider's signer is not trusted here, so neither is better than Valid.
     */
    @Test
    void aProvidersContentCredentialsAreKeptOrNamedAsTheParentOfAConversion() throws Exception {
        Path keys = Files.createTempDirectory("openai-c2pa");
        SigningChain.write(keys, "OpenAI test");
        SigningKey signer = SigningKey.read(keys.resolve("c2pa-signing-key.pem"), keys.resolve("c2pa-signing-chain.pem"));
        UnaryOperator<byte[]> asOpenAi = image -> ContentSniffer.mime(image)
                .flatMap(Embedding::of)
                .map(e -> e.sign(image, new Manifest("OpenAI API", "1").add("c2pa.actions.v2",
                        Map.of("actions", List.of(Map.of("action", "c2pa.created",
                                "digitalSourceType", "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia")))), signer))
                .orElse(image);
        UPSTREAMS.get("plainPng").signing(asOpenAi);
        UPSTREAMS.get("nativeGpt").signing(asOpenAi);
        try {
            JsonNode kept = generate(200, "{\"model\":\"acme/options\",\"prompt\":\"p\",\"provider\":\"native-gpt\",\"output_format\":\"jpeg\"}")
                    .path("data").get(0);
            JsonNode provenance = kept.path("provenance");
            assertEquals("Valid", provenance.path("state").asText(), provenance.toString());
            assertEquals("OpenAI API 1", provenance.path("generator").asText(), "the provider's own claim, untouched");
            assertTrue(provenance.path("signer").asText().contains("OpenAI test"), provenance.toString());

            JsonNode converted = generate(200, "{\"model\":\"acme/plain\",\"prompt\":\"p\",\"output_format\":\"webp\"}").path("data").get(0);
            provenance = converted.path("provenance");
            assertEquals("[\"c2pa.opened\",\"c2pa.converted\"]", provenance.path("actions").toString(), provenance.toString());
            assertEquals("image/png", provenance.path("ingredients").get(0).path("format").asText());
            assertEquals("Valid", provenance.path("state").asText(), "no more trusted than the provider's file it was made from");
            byte[] file = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(converted.path("url").asText())).build(),
                    HttpResponse.BodyHandlers.ofByteArray()).body();
            C2paReference.Reading reading = C2paReference.read(file, "image/webp",
                    Optional.of(TestInfra.get().keys().resolve("c2pa-ca.pem")));
            assertEquals("Valid", reading.state(), "the reference reads it so too: " + reading.codes("failure"));
            String parent = reading.activeManifest().path("ingredients").get(0).path("active_manifest").asText();
            assertEquals("OpenAI API", reading.json().path("manifests").path(parent).path("claim_generator_info").get(0).path("name").asText(),
                    "the provider's manifest is carried");
        } finally {
            UPSTREAMS.get("plainPng").signing(UnaryOperator.identity());
            UPSTREAMS.get("nativeGpt").signing(UnaryOperator.identity());
        }
    }

    @Test
    void anImageOfAnotherSizeThanAskedSaysWhatWasDelivered() throws Exception {
        JsonNode r = generate(200, "{\"model\":\"acme/resized\",\"prompt\":\"p\",\"size\":\"64x64\"}");
        JsonNode item = r.path("data").get(0);
        assertEquals("48x32", item.path("size").asText(), "the item's size is the delivered file's: " + item);
        assertEquals(48, item.path("width").asInt());
        assertEquals("48x32", r.path("stats").path("applied").path("size").asText(), r.path("stats").toString());
    }

    /** A video's answer, or (past this suite's short wait limit) its job once finished: price, stats and data. */
    private static JsonNode video(String body) throws Exception {
        Api.Reply r = api.post("/v1/videos/generations", key, body);
        if (r.status() == 200) {
            return r.body();
        }
        assertEquals(202, r.status(), r.body().toString());
        JsonNode job = api.awaitJob(key, r.body().path("result").path("job").path("id").asText(), java.time.Duration.ofMinutes(2));
        assertEquals("succeeded", job.path("status").asText(), job.toString());
        return job;
    }

    @Test
    void aVectorModelsSvgIsStoredAndServedSandboxedFromTheApiOrigin() throws Exception {
        JsonNode r = generate(200, "{\"model\":\"acme/vector\",\"prompt\":\"a fox logo\",\"response_format\":\"b64_json\"}");
        JsonNode item = r.path("data").get(0);
        String svg = new String(Base64.getDecoder().decode(item.path("b64_json").asText()), StandardCharsets.UTF_8);
        assertTrue(svg.contains("<svg "), svg);
        assertEquals("image/svg+xml", item.path("mime").asText());
        assertEquals(64, item.path("width").asInt(), "the size is read from the SVG's viewBox");
        String url = item.path("url").asText();
        assertTrue(url.startsWith(suite.baseUrl() + "/files/") && url.endsWith(".svg"), url);
        HttpResponse<String> served = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, served.statusCode());
        assertEquals(svg, served.body());
        assertEquals("image/svg+xml", served.headers().firstValue("Content-Type").orElse(""));
        assertEquals("nosniff", served.headers().firstValue("X-Content-Type-Options").orElse(""));
        assertTrue(served.headers().firstValue("Content-Security-Policy").orElse("").startsWith("sandbox; default-src 'none'"),
                "opened on its own, the SVG runs no script: " + served.headers().map());
    }

    @Test
    void aProviderIsRoutedToByEveryModeOnceItsKeyIsSetAndNeverWithout() throws Exception {
        for (String routing : List.of("optimal", "cheapest", "compatible")) {
            JsonNode r = generate(200, "{\"model\":\"acme/keyed\",\"prompt\":\"p\",\"routing\":\"" + routing + "\",\"detail\":\"low\"}");
            assertEquals("keyed", r.path("stats").path("providerId").asText(), routing);
            assertEquals(List.of("keyed"), StreamSupport.stream(r.path("stats").path("routing").path("candidates").spliterator(), false)
                    .map(c -> c.path("provider").asText()).toList(), routing + ": the unkeyed provider is no candidate");
        }
        JsonNode explicit = generate(200, "{\"model\":\"acme/keyed\",\"prompt\":\"p\",\"provider\":\"keyed\"}");
        assertEquals("keyed", explicit.path("stats").path("providerId").asText());
        assertEquals("Bearer " + KEYED_KEY, UPSTREAMS.get("keyed").received().getLast().authorization());
        assertEquals(4, UPSTREAMS.get("keyed").received().size());
        JsonNode refused = generate(503, "{\"model\":\"acme/keyed\",\"prompt\":\"p\",\"provider\":\"unkeyed\"}");
        assertEquals("provider_unavailable", refused.path("code").asText());
        assertTrue(UPSTREAMS.get("unkeyed").received().isEmpty(), "a provider without its key is never called");
        assertEquals("disabled", api.get("/v1/providers/unkeyed", key).body().path("result").path("provider").path("status").asText());
    }

    /**
     * The GPT image options: an offer that does not make a format gets it by conversion (the provider is not sent it, the
     * stored file is the format asked); an offer that makes it is sent it; what only a provider can do (a transparent
     * background, a quality) goes only to an offer that does, in every mode, billed at that quality, else it is refused.
     */
    @Test
    void theImageOptionsAreMadeByTheOfferOrByConversionOrRefused() throws Exception {
        JsonNode converted = generate(200, "{\"model\":\"acme/plain\",\"prompt\":\"p\",\"output_format\":\"webp\",\"output_compression\":60}");
        assertEquals("webp", converted.path("output_format").asText(), converted.toString());
        assertTrue(UPSTREAMS.get("plainPng").received().getLast().body().path("output_format").isMissingNode(), "not sent where not declared");
        byte[] file = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(converted.path("data").get(0).path("url").asText()))
                .build(), HttpResponse.BodyHandlers.ofByteArray()).body();
        assertEquals("image/webp", ContentSniffer.mime(file).orElse(""), "the stored file is a WebP");
        assertEquals("image/webp", converted.path("data").get(0).path("mime").asText());

        JsonNode native_ = generate(200, "{\"model\":\"acme/options\",\"prompt\":\"p\",\"provider\":\"native-gpt\",\"output_format\":\"jpeg\"}");
        assertEquals("jpeg", UPSTREAMS.get("nativeGpt").received().getLast().body().path("output_format").asText());
        assertEquals("jpeg", native_.path("output_format").asText());
        assertEquals("medium", native_.path("quality").asText(), "the quality the provider reports making");
        assertEquals(110, native_.path("usage").path("total_tokens").asInt(), "the provider's usage, as reported");

        for (String routing : List.of("cheapest", "optimal")) {
            JsonNode transparent = generate(200, "{\"model\":\"acme/options\",\"prompt\":\"p\",\"routing\":\"" + routing
                    + "\",\"background\":\"transparent\",\"quality\":\"high\"}");
            assertEquals("native-gpt", transparent.path("stats").path("providerId").asText(), routing + " does not drop it");
            assertEquals("transparent", transparent.path("background").asText());
            assertEquals(0.08, transparent.path("price").asDouble(), 1e-9, "billed at the quality made");
            assertEquals(0, transparent.path("stats").path("ignoredParams").size());
        }
        JsonNode refused = generate(400, "{\"model\":\"acme/plain\",\"prompt\":\"p\",\"background\":\"transparent\"}");
        assertEquals("background", refused.path("param").asText(), refused.toString());
        JsonNode explicit = generate(422, "{\"model\":\"acme/options\",\"prompt\":\"p\",\"provider\":\"plain-png\",\"quality\":\"low\"}");
        assertEquals("unsupported_parameter", explicit.path("code").asText());
        assertEquals("quality", explicit.path("param").asText());
    }

    @Test
    void optimalPaysUpToTwentyPercentMoreForMoreFeatures() throws Exception {
        JsonNode r = generate(200, "{\"model\":\"acme/ranked\",\"prompt\":\"p\",\"seed\":3}");
        assertEquals("rank-premium", r.path("stats").path("providerId").asText());
        assertEquals("optimal", r.path("stats").path("routing").path("mode").asText());
        assertEquals(0.023, r.path("price").asDouble(), 1e-9);
        assertEquals(2, r.path("stats").path("routing").path("candidates").size());
    }

    @Test
    void compatibleNeedsEveryRequestedFeature() throws Exception {
        JsonNode r = generate(200, "{\"model\":\"acme/ranked\",\"prompt\":\"p\",\"routing\":\"compatible\",\"detail\":\"low\"}");
        assertEquals("rank-premium", r.path("stats").path("providerId").asText());
        assertEquals("low", UPSTREAMS.get("rankPremium").received().getLast().body().path("detail").asText());
        JsonNode none = generate(422, "{\"model\":\"acme/ranked\",\"prompt\":\"p\",\"routing\":\"compatible\",\"style\":\"x\"}");
        assertEquals("no_compatible_provider", none.path("code").asText());
        JsonNode badValue = generate(400, "{\"model\":\"acme/ranked\",\"prompt\":\"p\",\"detail\":\"ultra\"}");
        assertEquals("detail", badValue.path("param").asText());
    }

    @Test
    void aFailingProviderFallsBackAndStatsTellWhatHappened() throws Exception {
        UPSTREAMS.get("fbCheap").mode(Mode.SERVER_ERROR);
        String own = api.newUserKey(Suite.ADMIN_KEY, "pro");
        try {
            Api.Reply reply = api.post("/v1/images/generations", own, "{\"model\":\"acme/fallback\",\"prompt\":\"p\"}");
            assertEquals(200, reply.status(), reply.body().toString());
            JsonNode r = reply.body();
            assertEquals("fb-backup", r.path("stats").path("providerId").asText());
            assertEquals(List.of("fb-cheap:failure", "fb-cheap:failure", "fb-backup:success"), attempts(r.path("stats")));
            assertEquals(2, r.path("stats").path("retries").asInt());
            assertEquals(0.05, r.path("price").asDouble(), 1e-9, "only the serving attempt is charged");

            // The job's events tell the same story in order, numbered from 1 without a gap, and end with its completion.
            String jobId = api.get("/v1/jobs?limit=1", own).body().path("result").path("jobs").get(0).path("id").asText();
            List<Api.Event> events = api.events(own, jobId);
            assertEquals(List.of("queued", "started", "retry", "started", "fallback", "started", "completed"),
                    Api.kinds(events).stream().filter(k -> !k.startsWith("stage:")).toList(), events.toString());
            for (int i = 0; i < events.size(); i++) {
                assertEquals(i + 1, events.get(i).id(), events.toString());
            }
            List<JsonNode> started = events.stream().filter(e -> e.event().equals("started")).map(Api.Event::data).toList();
            assertEquals(List.of("fb-cheap:1", "fb-cheap:2", "fb-backup:3"),
                    started.stream().map(s -> s.path("provider").asText() + ":" + s.path("attempt").asInt()).toList());
            JsonNode retry = events.stream().filter(e -> e.event().equals("retry")).findFirst().orElseThrow().data();
            assertEquals("fb-cheap", retry.path("provider").asText());
            assertEquals("transient", retry.path("failure").asText(), "a 500 is a transient failure");
            JsonNode fallback = events.stream().filter(e -> e.event().equals("fallback")).findFirst().orElseThrow().data();
            assertEquals("fb-cheap", fallback.path("provider").asText());
            assertEquals("fb-backup", fallback.path("next").asText());
            Api.Event completed = events.getLast();
            assertEquals(jobId, completed.data().path("job_id").asText());
            assertEquals("succeeded", completed.data().path("job").path("status").asText());
            assertEquals(0.05, completed.data().path("job").path("price").asDouble(), 1e-9);
            // A client that reconnects after the third event gets the rest, and only the rest.
            List<Api.Event> rest = api.events(own, jobId, "3", e -> false);
            assertEquals(events.subList(3, events.size()).stream().map(Api.Event::id).toList(), rest.stream().map(Api.Event::id).toList());
        } finally {
            UPSTREAMS.get("fbCheap").mode(Mode.B64_JSON);
        }
    }

    @Test
    void killingTheCheaperProviderStillServesEveryImage() throws Exception {
        assertEquals("kill-cheap", generate(200, "{\"model\":\"acme/killable\",\"prompt\":\"p\"}").path("stats").path("providerId").asText());
        UPSTREAMS.get("killCheap").close();
        JsonNode first = generate(200, "{\"model\":\"acme/killable\",\"prompt\":\"p\"}");
        assertEquals(List.of("kill-cheap:failure", "kill-cheap:failure", "kill-backup:success"), attempts(first.path("stats")));
        assertEquals(2, first.path("stats").path("retries").asInt());
        // Two failures opened kill-cheap's circuit (threshold 2 here): it is no longer even a candidate.
        for (int i = 0; i < 3; i++) {
            JsonNode r = generate(200, "{\"model\":\"acme/killable\",\"prompt\":\"p\"}");
            assertEquals(List.of("kill-backup:success"), attempts(r.path("stats")));
        }
    }

    @Test
    void aGenerationOutlivingTheWaitLimitAnswers202AndTheJobFinishes() throws Exception {
        Api.Reply accepted = api.post("/v1/images/generations", key, "{\"model\":\"acme/slow\",\"prompt\":\"take your time\"}");
        assertEquals(202, accepted.status(), accepted.body().toString());
        String jobId = accepted.body().path("result").path("job").path("id").asText();
        assertEquals("/v1/jobs/" + jobId, accepted.raw().headers().firstValue("Location").orElseThrow());
        JsonNode job = api.awaitJob(key, jobId, java.time.Duration.ofSeconds(30));
        assertEquals("succeeded", job.path("status").asText(), String.valueOf(job));
        assertEquals(100, job.path("progress").asInt());
        assertEquals("slowpoke", job.path("stats").path("providerId").asText());
        api.download(job.path("data").get(0).path("url").asText());
        String otherKey = api.newUserKey(Suite.ADMIN_KEY, "free");
        assertEquals(404, api.get("/v1/jobs/" + jobId, otherKey).status(), "jobs are private to their owner");
        assertEquals(404, api.get("/v1/jobs/" + jobId + "/events", otherKey).status(), "and so are their events");
        Api.Reply badId = api.get("/v1/jobs/" + jobId + "/events", key, "Last-Event-ID", "the-third");
        assertEquals(400, badId.status(), badId.body().toString());
        assertEquals("Last-Event-ID", badId.body().path("param").asText());
    }

    /** A job followed live from its 202: its events as they happen, kept alive while the provider works, ending with it. */
    @Test
    void aJobsEventsAreFollowedLiveFromItsAcceptanceToItsEnd() throws Exception {
        String own = api.newUserKey(Suite.ADMIN_KEY, "pro");
        Api.Reply accepted = api.post("/v1/images/generations", own, "{\"model\":\"acme/slow\",\"prompt\":\"watch me\"}");
        assertEquals(202, accepted.status(), accepted.body().toString());
        String jobId = accepted.body().path("result").path("job").path("id").asText();
        long opened = System.nanoTime();
        List<Api.Event> events = api.events(own, jobId);
        assertEquals("completed", events.getLast().event(), events.toString());
        assertEquals(List.of("queued", "started", "completed"), Api.kinds(events).stream().filter(k -> !k.startsWith("stage:")).toList());
        assertEquals("slowpoke", events.get(1).data().path("provider").asText());
        JsonNode job = api.get("/v1/jobs/" + jobId, own).body().path("result").path("job");
        assertEquals(job.path("data").get(0).path("id").asText(), events.getLast().data().path("job").path("data").get(0).path("id").asText(),
                "the completed event carries the stored item");
        assertTrue(System.nanoTime() - opened < java.time.Duration.ofSeconds(30).toNanos());
    }

    /** A streamed generation, raw: the lines of its {@code text/event-stream} answer as they come. */
    private static HttpResponse<java.util.stream.Stream<String>> stream(String apiKey, String body) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(suite.baseUrl() + "/v1/images/generations"))
                .header("Authorization", "Bearer " + apiKey).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofLines());
    }

    /**
     * {@code stream: true} on a generation slower than the wait limit: the stream opens at once, keep-alive comments hold it
     * while the provider works, and it ends with the completed event carrying the stored image, priced as without stream.
     */
    @Test
    void aStreamOutlivesTheWaitLimitKeptAliveAndEndsWithTheStoredImage() throws Exception {
        String own = api.newUserKey(Suite.ADMIN_KEY, "pro");
        HttpResponse<java.util.stream.Stream<String>> response = stream(own, "{\"model\":\"acme/slow\",\"prompt\":\"slowly\",\"stream\":true}");
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream"), response.headers().map().toString());
        assertTrue(response.headers().firstValue("X-RateLimit-Limit").isPresent(), "the limits' headers as on any answer");
        List<String> lines = response.body().toList();
        assertEquals(": stream open", lines.getFirst());
        assertTrue(lines.stream().filter(": keep-alive"::equals).count() >= 3, "kept alive through 6 s of generation: " + lines.size() + " lines");
        int event = lines.indexOf("event: image_generation.completed");
        assertTrue(event > 0, String.join("\n", lines).substring(0, Math.min(400, String.join("\n", lines).length())));
        JsonNode completed = new com.fasterxml.jackson.databind.ObjectMapper().readTree(lines.get(event + 1).substring("data: ".length()));
        assertEquals("image_generation.completed", completed.path("type").asText());
        byte[] image = Base64.getDecoder().decode(completed.path("b64_json").asText());
        JsonNode item = api.get("/v1/media/" + completed.path("id").asText(), own).body().path("result").path("media");
        assertEquals(image.length, item.path("bytes").asLong(), "the event carries the stored item");
        assertEquals(0.01, item.path("price").asDouble(), 1e-9);
        assertEquals(item.path("url").asText(), completed.path("url").asText());
    }

    /** A provider that streams (the OpenAI wire) has its partial images passed through, in order, before the image. */
    @Test
    void aStreamingProvidersPartialImagesArePassedThrough() throws Exception {
        List<String> lines = stream(key, "{\"model\":\"acme/options\",\"prompt\":\"p\",\"provider\":\"native-gpt\",\"stream\":true,"
                + "\"partial_images\":2}").body().toList();
        JsonNode sent = UPSTREAMS.get("nativeGpt").received().getLast().body();
        assertTrue(sent.path("stream").asBoolean(), sent.toString());
        assertEquals(2, sent.path("partial_images").asInt());
        List<String> events = lines.stream().filter(l -> l.startsWith("event: ")).toList();
        assertEquals(List.of("event: image_generation.partial_image", "event: image_generation.partial_image",
                "event: image_generation.completed"), events);
        JsonNode completed = new com.fasterxml.jackson.databind.ObjectMapper().readTree(
                lines.get(lines.indexOf("event: image_generation.completed") + 1).substring("data: ".length()));
        assertEquals(110, completed.path("usage").path("total_tokens").asInt(), "the provider's usage");
        assertEquals("medium", completed.path("quality").asText());
        // Each partial image is also a preview of the job, in its event stream.
        String jobId = api.get("/v1/jobs?limit=1", key).body().path("result").path("jobs").get(0).path("id").asText();
        assertEquals(List.of(0, 1), api.events(key, jobId).stream().filter(e -> e.event().equals("preview"))
                .map(e -> e.data().path("index").asInt()).toList());
    }

    /** A request routing refuses is refused before its stream opens: the plain error answer and status. */
    @Test
    void aStreamedRequestRoutingRefusesGetsItsPlainErrorAnswer() throws Exception {
        Api.Reply refused = api.post("/v1/images/generations", key, "{\"model\":\"acme/plain\",\"prompt\":\"p\",\"stream\":true,"
                + "\"background\":\"transparent\"}");
        assertEquals(400, refused.status(), refused.body().toString());
        assertEquals("background", refused.body().path("param").asText());
    }

    /** A client that goes away mid-stream: the job goes on, its image is stored and it is charged once. */
    @Test
    void aClientLeavingMidStreamStillGetsItsImageStoredAndChargedOnce() throws Exception {
        String own = api.newUserKey(Suite.ADMIN_KEY, "pro");
        HttpResponse<java.io.InputStream> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(suite.baseUrl() + "/v1/images/generations")).header("Authorization", "Bearer " + own)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"acme/slow\",\"prompt\":\"left behind\",\"stream\":true}")).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        try (java.io.InputStream in = response.body()) {
            assertEquals(':', in.read(), "the stream opened");
        }
        long deadline = System.currentTimeMillis() + 30_000;
        JsonNode jobs;
        do {
            jobs = api.get("/v1/jobs", own).body().path("result").path("jobs");
        } while ((jobs.size() == 0 || !"succeeded".equals(jobs.get(0).path("status").asText())) && System.currentTimeMillis() < deadline
                && sleep(500));
        assertEquals(1, jobs.size(), "one job: " + jobs);
        assertEquals("succeeded", jobs.get(0).path("status").asText(), jobs.toString());
        assertEquals(0.01, jobs.get(0).path("price").asDouble(), 1e-9);
        JsonNode media = api.get("/v1/media?user=me", own).body().path("result");
        assertEquals(1, media.path("total").asInt(), "stored once: " + media);
    }

    /** A failure after the stream opened is an error event in the envelope's terms, which the stock SDK raises. */
    @Test
    void aFailureAfterTheStreamOpenedIsAnErrorEventTheSdkRaises() throws Exception {
        List<String> lines = stream(key, "{\"model\":\"acme/alone\",\"prompt\":\"p\",\"stream\":true}").body().toList();
        int event = lines.indexOf("event: error");
        assertTrue(event > 0, lines.toString());
        JsonNode error = new com.fasterxml.jackson.databind.ObjectMapper().readTree(lines.get(event + 1).substring("data: ".length()));
        assertEquals("invalid_request", error.path("code").asText(), error.toString());
        assertEquals("invalid_request", error.path("error").path("code").asText());
        assertTrue(error.path("request_id").asText().startsWith("req_"), error.toString());
        var sdk = com.openai.client.okhttp.OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1").apiKey(key).maxRetries(0).build();
        try (var events = sdk.images().generateStreaming(com.openai.models.images.ImageGenerateParams.builder()
                .model("acme/alone").prompt("p").build())) {
            com.openai.errors.OpenAIException raised = org.junit.jupiter.api.Assertions.assertThrows(com.openai.errors.OpenAIException.class,
                    () -> events.stream().forEach(e -> { }));
            assertTrue(raised.getMessage() != null, raised.toString());
        }
    }

    @Test
    void concurrentGenerationsAreLimitedPerTierAndFreedWhenJobsFinish() throws Exception {
        String basic = api.newUserKey(Suite.ADMIN_KEY, "basic"); // 5 image generations at once
        java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(5);
        List<java.util.concurrent.Future<Api.Reply>> slow = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            slow.add(pool.submit(() -> api.post("/v1/images/generations", basic, "{\"model\":\"acme/slow\",\"prompt\":\"hold a slot\"}")));
        }
        Thread.sleep(1_500);
        Api.Reply refused = api.post("/v1/images/generations", basic, "{\"model\":\"acme/warmup\",\"prompt\":\"one too many\"}");
        assertEquals(429, refused.status(), refused.body().toString());
        assertEquals("concurrency_image", refused.body().path("limit").asText());
        assertTrue(refused.body().path("retry_after").asInt() >= 1);
        List<String> jobs = new ArrayList<>();
        for (var f : slow) {
            Api.Reply r = f.get();
            assertEquals(202, r.status(), "held past the 4 s wait limit");
            jobs.add(r.body().path("result").path("job").path("id").asText());
        }
        pool.shutdown();
        Thread.sleep(3_000);
        for (String job : jobs) {
            assertEquals("succeeded", api.get("/v1/jobs/" + job, basic).body().path("result").path("job").path("status").asText());
        }
        // The 202 jobs' leases are released by their completion events, not by the (long gone) waiting request.
        Api.Reply accepted = null;
        for (int i = 0; i < 10 && (accepted == null || accepted.status() != 200); i++) {
            accepted = api.post("/v1/images/generations", basic, "{\"model\":\"acme/warmup\",\"prompt\":\"slots are free\"}");
            Thread.sleep(accepted.status() == 200 ? 0 : 500);
        }
        assertEquals(200, accepted.status(), accepted.body().toString());
    }

    @Test
    void usageShowsLimitsAndSpendThatEqualsThePricesCharged() throws Exception {
        String own = api.newUserKey(Suite.ADMIN_KEY, "pro");
        double charged = 0;
        long stored = 0;
        for (String body : List.of("{\"model\":\"acme/ranked\",\"prompt\":\"p\",\"routing\":\"cheapest\"}",
                "{\"model\":\"acme/ranked\",\"prompt\":\"p\",\"seed\":1,\"n\":2}")) {
            Api.Reply r = api.post("/v1/images/generations", own, body);
            assertEquals(200, r.status(), r.body().toString());
            charged += r.body().path("price").asDouble();
            for (JsonNode item : r.body().path("data")) {
                stored += item.path("bytes").asLong();
            }
        }
        assertEquals(422, api.post("/v1/images/generations", own, "{\"model\":\"acme/ranked\",\"prompt\":\"p\",\"routing\":\"compatible\",\"style\":\"x\"}").status());
        assertEquals(0.02 + 2 * 0.023, charged, 1e-9);
        JsonNode usage = null;
        long deadline = System.currentTimeMillis() + 20_000;
        while (System.currentTimeMillis() < deadline) {
            usage = api.get("/v1/usage", own).body().path("result");
            if (usage.path("generations").path("images").path("today").asInt() == 3
                    && usage.path("storage").path("usedBytes").asLong() == stored) {
                break;
            }
            Thread.sleep(300);
        }
        assertEquals(3, usage.path("generations").path("images").path("today").asInt(), usage.toString());
        assertEquals(charged, usage.path("spend").path("today").asDouble(), 1e-9, "spend is the exact sum of the prices returned");
        assertEquals(charged, usage.path("spend").path("total").asDouble(), 1e-9);
        assertEquals("USD", usage.path("spend").path("currency").asText());
        assertEquals("pro", usage.path("tier").asText());
        assertEquals(100, usage.path("rateLimits").path("minute").path("limit").asInt());
        assertTrue(usage.path("rateLimits").path("minute").path("remaining").asInt() < 100);
        assertEquals(20, usage.path("concurrency").path("image").path("limit").asInt());
        assertEquals(0, usage.path("concurrency").path("image").path("active").asInt());
        assertEquals(stored, usage.path("storage").path("usedBytes").asLong(), "stored bytes are the files' sizes");
        assertEquals(90, usage.path("storage").path("retentionDays").asInt());
    }

    @Test
    void anExplicitProviderThatFailsIsRetriedButNeverFallsBack() throws Exception {
        UPSTREAMS.get("exMain").mode(Mode.SERVER_ERROR);
        String own = api.newUserKey(Suite.ADMIN_KEY, "pro");
        try {
            Api.Reply reply = api.post("/v1/images/generations", own, "{\"model\":\"acme/explicit\",\"prompt\":\"p\",\"provider\":\"EX-MAIN\"}");
            assertEquals(502, reply.status(), reply.body().toString());
            JsonNode explicit = reply.body();
            assertEquals("provider_error", explicit.path("code").asText());
            assertEquals(2, explicit.path("attempts").size(), "one retry on the same provider");
            assertEquals(0, UPSTREAMS.get("exBackup").received().size(), "the backup is never called");
            // Its event stream ends with the failure, in the envelope's terms.
            String jobId = api.get("/v1/jobs?limit=1", own).body().path("result").path("jobs").get(0).path("id").asText();
            List<Api.Event> events = api.events(own, jobId);
            assertEquals(List.of("queued", "started", "retry", "started", "failed"),
                    Api.kinds(events).stream().filter(k -> !k.startsWith("stage:")).toList(), events.toString());
            assertEquals("provider_error", events.getLast().data().path("error").path("code").asText());
            assertEquals("failed", events.getLast().data().path("job").path("status").asText());
        } finally {
            UPSTREAMS.get("exMain").mode(Mode.B64_JSON);
        }
    }

    @Test
    void aKilledProviderIsRoutedAround() throws Exception {
        FakeOpenAiImages killed = UPSTREAMS.get("cbMain");
        // Circuit scenario: two failures open cb-main; while open it is skipped; after 3 s one trial closes it.
        killed.mode(Mode.SERVER_ERROR);
        JsonNode first = generate(200, "{\"model\":\"acme/circuit\",\"prompt\":\"p\"}");
        assertEquals("cb-backup", first.path("stats").path("providerId").asText());
        int mainCalls = killed.received().size();
        JsonNode second = generate(200, "{\"model\":\"acme/circuit\",\"prompt\":\"p\"}");
        assertEquals("cb-backup", second.path("stats").path("providerId").asText());
        assertEquals(mainCalls, killed.received().size(), "an open circuit is not called");
        JsonNode explicit = generate(503, "{\"model\":\"acme/circuit\",\"prompt\":\"p\",\"provider\":\"cb-main\"}");
        assertEquals("provider_unavailable", explicit.path("code").asText());

        killed.mode(Mode.B64_JSON);
        Thread.sleep(3_200);
        JsonNode recovered = generate(200, "{\"model\":\"acme/circuit\",\"prompt\":\"p\"}");
        assertEquals("cb-main", recovered.path("stats").path("providerId").asText(), "the half-open trial succeeded");
        assertEquals("cb-main", generate(200, "{\"model\":\"acme/circuit\",\"prompt\":\"p\"}").path("stats").path("providerId").asText());
    }

    @Test
    void retryAfterIsHonouredOnTheSameProvider() throws Exception {
        UPSTREAMS.get("limited").failNext(1, Mode.RATE_LIMITED);
        long start = System.nanoTime();
        JsonNode r = generate(200, "{\"model\":\"acme/limited\",\"prompt\":\"p\"}");
        long elapsedMs = (System.nanoTime() - start) / 1_000_000;
        assertEquals(List.of("limited:failure", "limited:success"), attempts(r.path("stats")));
        assertEquals("rate_limited", r.path("stats").path("attempts").get(0).path("failure").asText());
        assertEquals(1, r.path("stats").path("retries").asInt());
        assertTrue(elapsedMs >= 1_000, "waited the 1 s Retry-After, took " + elapsedMs + " ms");
    }

    /**
     * A provider that refuses our credentials is not tried again (another try cannot pass) and not
     * waited for: the next one serves at once, the attempt says why, and so does the provider's health.
     */
    @Test
    void refusedCredentialsGoStraightToTheNextProviderAndShowInHealth() throws Exception {
        FakeOpenAiImages main = UPSTREAMS.get("credMain");
        main.mode(Mode.BAD_KEY);
        try {
            JsonNode r = generate(200, "{\"model\":\"acme/credentials\",\"prompt\":\"p\"}");
            assertEquals(List.of("cred-main:failure", "cred-backup:success"), attempts(r.path("stats")));
            assertEquals(1, main.received().size(), "no retry on a provider that refused our credentials");
            JsonNode refused = r.path("stats").path("attempts").get(0);
            assertEquals("credentials", refused.path("failure").asText(), refused.toString());
            assertEquals("provider_unavailable", refused.path("code").asText());
        } finally {
            main.mode(Mode.B64_JSON);
        }
        long deadline = System.currentTimeMillis() + 15_000;
        JsonNode health = null;
        while (System.currentTimeMillis() < deadline) {
            health = api.get("/v1/providers/cred-main", key).body().path("result").path("provider").path("health");
            if (health.path("failures").path("credentials").asInt() >= 1) {
                break;
            }
            Thread.sleep(300);
        }
        assertEquals(1, health.path("failures").path("credentials").asInt(), String.valueOf(health));
        assertEquals("credentials", health.path("lastErrorClass").asText(), String.valueOf(health));
    }

    @Test
    void providerHealthReflectsTheOutcomes() throws Exception {
        UPSTREAMS.get("fbCheap").mode(Mode.SERVER_ERROR);
        try {
            generate(200, "{\"model\":\"acme/fallback\",\"prompt\":\"p\"}");
        } finally {
            UPSTREAMS.get("fbCheap").mode(Mode.B64_JSON);
        }
        long deadline = System.currentTimeMillis() + 15_000;
        JsonNode health = null;
        while (System.currentTimeMillis() < deadline) {
            health = api.get("/v1/providers/fb-cheap", key).body().path("result").path("provider");
            if (!health.path("health").path("successRate").isNull() && health.path("health").path("lastErrorAt").isTextual()) {
                break;
            }
            Thread.sleep(300);
        }
        assertTrue(health.path("health").path("successRate").asDouble(1) < 1.0, health.toString());
        assertTrue(List.of("degraded", "down").contains(health.path("status").asText()), health.toString());
    }
}
