package io.mediagate.routing.bench;

import io.mediagate.common.catalog.HealthSnapshot;
import io.mediagate.common.catalog.ModelSpec;
import io.mediagate.common.catalog.OfferSpec;
import io.mediagate.common.catalog.ParameterSpec;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.catalog.ResolvedModel;
import io.mediagate.common.catalog.VersionSpec;
import io.mediagate.common.values.Input;
import io.mediagate.routing.ranking.Candidate;
import io.mediagate.routing.ranking.Eligibility;
import io.mediagate.routing.ranking.Parameters;
import io.mediagate.routing.ranking.ProviderHealth;
import io.mediagate.routing.ranking.Ranking;
import io.mediagate.routing.ranking.RoutingMode;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The routing decision for one request (parameter checks, eligibility, ranking) against a model with
 * N offers, timed call by call. Run with bench/routing-decision.sh; prints p50/p99/max in microseconds.
 */
public final class RoutingDecisionBench {
    private RoutingDecisionBench() {
    }

    public static void main(String[] args) {
        int offers = args.length > 0 ? Integer.parseInt(args[0]) : 50;
        int iterations = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
        Random random = new Random(42);
        List<String> featureNames = List.of("seed", "style", "steps", "cfg_scale", "negative_prompt", "quality");
        List<ParameterSpec> params = List.of(new ParameterSpec("seed", "integer", null, 0.0, 1e9, null, ""),
                new ParameterSpec("style", "string", List.of("a", "b"), null, null, null, ""),
                new ParameterSpec("steps", "integer", null, 1.0, 100.0, null, ""),
                new ParameterSpec("cfg_scale", "number", null, 1.0, 20.0, null, ""),
                new ParameterSpec("negative_prompt", "string", null, null, null, null, ""),
                new ParameterSpec("quality", "string", List.of("low", "high"), null, null, null, ""));
        List<OfferSpec> offerSpecs = new ArrayList<>();
        List<ProviderSpec> providers = new ArrayList<>();
        Map<String, HealthSnapshot> health = new HashMap<>();
        for (int i = 0; i < offers; i++) {
            String id = "p" + i;
            List<String> features = featureNames.stream().filter(f -> random.nextBoolean()).toList();
            offerSpecs.add(new OfferSpec(id, BigDecimal.valueOf(10 + random.nextInt(90), 3), io.mediagate.common.catalog.OfferUnit.IMAGE, features, null, null, null, "m", null, null));
            providers.add(new ProviderSpec(id, id, "fake", List.of("image"), true, null, null, Instant.EPOCH));
            health.put(id, new HealthSnapshot("operational", 0.9 + random.nextDouble() / 10, (long) random.nextInt(2000), 3000L, "15m", null, null, null));
        }
        ModelSpec model = new ModelSpec("bench/model", "Bench", "image", "", List.of(new VersionSpec("1", Instant.EPOCH)),
                List.of("512x512", "1024x1024"), "1024x1024", null, List.of(Input.TEXT), params, offerSpecs, Instant.EPOCH);
        ResolvedModel resolved = new ResolvedModel(model, providers, providers.stream().map(ProviderSpec::id).toList(), health);
        Map<String, Object> extras = Map.of("seed", 7, "style", "a");
        Eligibility.Need need = Eligibility.Need.of("1", "1024x1024");

        long[] samples = new long[iterations];
        int sink = 0;
        for (int round = 0; round < 2; round++) { // first round warms up the JIT and is discarded
            for (int i = 0; i < iterations; i++) {
                RoutingMode mode = RoutingMode.values()[i % 3];
                long start = System.nanoTime();
                Parameters.Checked checked = Parameters.check(model, extras, mode);
                List<Candidate> eligible = new ArrayList<>(offers);
                for (int o = 0; o < offerSpecs.size(); o++) {
                    OfferSpec offer = offerSpecs.get(o);
                    if (Eligibility.unmet(model, offer, need) == null) {
                        eligible.add(new Candidate(offer, providers.get(o), ProviderHealth.of(health.get(offer.provider())), null, null));
                    }
                }
                List<Candidate> ranked = Ranking.rank(mode, eligible, checked.features().keySet());
                samples[i] = System.nanoTime() - start;
                sink += ranked.size();
            }
        }
        Arrays.sort(samples);
        System.out.printf("routing decision, %d offers, %d calls (modes optimal/cheapest/compatible in turn)%n", offers, iterations);
        System.out.printf("p50 %.1f us   p99 %.1f us   max %.1f us   (checksum %d)%n",
                samples[iterations / 2] / 1e3, samples[(int) (iterations * 0.99)] / 1e3, samples[iterations - 1] / 1e3, sink);
    }
}
