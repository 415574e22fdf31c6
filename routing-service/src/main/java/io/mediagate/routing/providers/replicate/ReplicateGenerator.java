package io.mediagate.routing.providers.replicate;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.JobUrls;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Replicate predictions ({@code adapter: replicate}), images and video. The offer's upstream model is
 * {@code owner/name} (the model's current version) or {@code owner/name:version}. Created with
 * {@code Prefer: wait}, then looked at {@code urls.get}; cancelled at {@code urls.cancel}; outputs (a URL,
 * a list of URLs, or objects holding them) downloaded at once, since Replicate deletes them within the hour
 * ({@link ReplicateWire}). Offer options named {@code input.<field>} are sent as inputs as they are; every input is
 * fitted to the model's checked-in schema before it is sent.
 */
public class ReplicateGenerator implements ImageGenerator, ImageEditor, VideoGenerator {
    private static final Auth AUTH = Auth.bearer();
    static final String BASE = "https://api.replicate.com/v1";
    /**
     * replicate.com/docs, "HTTP API" (a prediction's {@code urls.get} and {@code urls.cancel} on {@code api.replicate.com});
     * "Output files" (2026): "Output files are served by replicate.delivery and its subdomains", the documented family
     * {@code *.replicate.delivery} ({@code pbxt.replicate.delivery} in older answers).
     */
    static final ProviderHosts HOSTS = ProviderHosts.api("api.replicate.com").delivery("replicate.delivery", "*.replicate.delivery");
    private final Upstream upstream;

    public ReplicateGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        String base = Upstream.base(provider, BASE);
        ProviderHosts.Allowed hosts = HOSTS.at(base);
        List<String> urls = upstream.run(provider, hosts, task.control(),
                prediction(provider, base, task.upstreamModel(), ReplicateWire.generation(task)));
        return upstream.images(provider, hosts, urls.subList(0, Math.min(urls.size(), task.n())));
    }

    /** An edit makes one image per prediction: {@code n} predictions, created together. */
    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        String base = Upstream.base(provider, BASE);
        ProviderHosts.Allowed hosts = HOSTS.at(base);
        List<String> urls = new ArrayList<>();
        upstream.runAll(provider, hosts, task.control(), prediction(provider, base, task.upstreamModel(), ReplicateWire.edit(task, images, mask)),
                task.n()).forEach(urls::addAll);
        return upstream.images(provider, hosts, urls.subList(0, Math.min(urls.size(), task.n())));
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        String base = Upstream.base(provider, BASE);
        var input = ReplicateWire.video(task, task.image() == null ? null : Shapes.dataUri(task.image()),
                task.lastFrame() == null ? null : Shapes.dataUri(task.lastFrame()));
        ProviderHosts.Allowed hosts = HOSTS.at(base);
        List<String> urls = upstream.run(provider, hosts, task.control(), prediction(provider, base, task.upstreamModel(), input));
        return upstream.video(provider, hosts, urls.getFirst(), Map.of(), task.workDir().resolve("replicate.mp4"));
    }

    /**
     * A prediction as the kit's loop runs it: created with {@code Prefer: wait} (Replicate may answer it finished, then
     * the first look is that answer), looked at {@code urls.get}, cancelled at {@code urls.cancel}. One instance may be
     * submitted several times ({@link Upstream#runAll}); each submission keeps its own first answer.
     */
    private UpstreamJob<JobUrls, List<String>> prediction(ProviderSpec provider, String base, String model, Map<String, Object> input) {
        Auth.Credential key = AUTH.of(provider);
        ReplicateWire.Request body = ReplicateWire.prediction(model, input);
        Map<String, JsonNode> answered = new ConcurrentHashMap<>();
        return new UpstreamJob<>() {
            @Override
            public JobUrls submit() {
                var created = upstream.send(provider, key.sign(upstream.postJson(ReplicateWire.endpoint(base, model), body))
                        .header("Prefer", "wait").build());
                JsonNode prediction = ReplicateWire.ERRORS.answer(upstream, provider, created);
                JobUrls urls = ReplicateWire.urls(provider, prediction);
                answered.put(urls.status(), prediction);
                return urls;
            }

            @Override
            public Poller.Poll<List<String>> poll(JobUrls urls) {
                JsonNode first = answered.remove(urls.status());
                return ReplicateWire.state(provider, first != null ? first
                        : ReplicateWire.ERRORS.answer(upstream, provider,
                                upstream.send(provider, key.sign(upstream.request(urls.status())).GET().build())));
            }

            @Override
            public void cancel(JobUrls urls) {
                if (urls.cancel() != null) {
                    upstream.send(provider, key.sign(upstream.request(urls.cancel())).POST(HttpRequest.BodyPublishers.noBody()).build());
                }
            }
        };
    }

    /** Any ratio: the model's input schema takes the ratio or refuses it; which a model makes is its catalog entry's. */
    @Override
    public boolean makes(String aspectRatio) {
        return true;
    }

    /** Where the offer names the model's last frame field ({@code lastFrameField}); else the offer is passed over. */
    @Override
    public boolean takesLastFrame() {
        return true;
    }
}
