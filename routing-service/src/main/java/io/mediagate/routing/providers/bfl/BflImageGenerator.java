package io.mediagate.routing.providers.bfl;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.HttpJob;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.JobUrls;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Black Forest Labs FLUX ({@code adapter: bfl}): {@code POST /v1/{model}} with {@code x-key}, then the
 * returned {@code polling_url} until {@code Ready} ({@link BflWire}); the sample URL (valid minutes) is downloaded at
 * once. Moderation arrives as a poll status. One image per job, so {@code n} images are {@code n} jobs, submitted
 * together. Edits go to FLUX Kontext (reference images) or FLUX Fill (image and mask) the same way. BFL has no cancel.
 * Each submit answer says what the job costs ({@code cost}, in credits of $0.01): the images carry it as what BFL
 * billed, which a megapixel-billed offer charges.
 */
public class BflImageGenerator implements ImageGenerator, ImageEditor {
    private static final Auth AUTH = Auth.header("x-key");
    static final String BASE = "https://api.bfl.ai";
    /**
     * docs.bfl.ai, "Integration guidelines" (2026): the global endpoint, the EU and US multi-cluster ones and the legacy
     * single-cluster ones, whichever the polling_url names ("do not rebuild it or swap the host"); results are served from
     * region-specific delivery hosts documented as the family {@code delivery.*.bfl.ai} ({@code delivery-eu1.bfl.ai},
     * {@code delivery-us1.bfl.ai} in its examples), whose region names change.
     */
    static final ProviderHosts HOSTS = ProviderHosts.api("api.bfl.ai", "api.eu.bfl.ai", "api.us.bfl.ai", "api.eu1.bfl.ai", "api.us1.bfl.ai")
            .delivery("delivery-*.bfl.ai", "delivery.*.bfl.ai");
    private final Upstream upstream;

    public BflImageGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return run(provider, task, BflWire.generation(task));
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        return run(provider, task, BflWire.edit(task, images, mask));
    }

    private List<GeneratedImage> run(ProviderSpec provider, ImageTask task, BflWire.Request body) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        ProviderHosts.Allowed hosts = HOSTS.at(base);
        List<BigDecimal> costs = new CopyOnWriteArrayList<>();
        HttpJob<JobUrls, String> job = HttpJob.<JobUrls, String>of(upstream, provider, BflWire.ERRORS, key::sign)
                .submit(() -> upstream.postJson(base + "/v1/" + task.upstreamModel(), body), answer -> {
                    BflWire.cost(answer).ifPresent(costs::add);
                    return JobUrls.statusOnly(Shapes.text(answer, "polling_url"));
                })
                .look(urls -> upstream.request(urls.status()).header("Accept", "application/json").GET(), state -> BflWire.state(provider, state));
        List<GeneratedImage> images = upstream.images(provider, hosts, upstream.runAll(provider, hosts, task.control(), job, task.n()));
        if (costs.size() != images.size()) {
            return images; // a submit answer without its cost: the offer's rates stand in
        }
        // each image is a job of its own, billed what BFL's submit answer said it costs
        List<GeneratedImage> charged = new ArrayList<>();
        for (int i = 0; i < images.size(); i++) {
            GeneratedImage image = images.get(i);
            charged.add(new GeneratedImage(image.bytes(), image.mime(), image.revisedPrompt(), new GeneratedImage.Made(null, null, null, null,
                    costs.get(i))));
        }
        return charged;
    }
}
