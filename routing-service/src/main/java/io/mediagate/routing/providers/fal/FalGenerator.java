package io.mediagate.routing.providers.fal;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.ImageSources;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedImage;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageTask;
import io.mediagate.routing.providers.ImageUtilities;
import io.mediagate.routing.providers.JobUrls;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * fal.ai's queue ({@code adapter: fal}), images and video: submit to {@code queue.fal.run/{model}} with
 * {@code Authorization: Key}, look at the returned {@code status_url}, read the {@code response_url} once it is
 * completed (it may still hold an error), cancel at {@code cancel_url} ({@link FalWire}). Offer options named
 * {@code input.<field>} are sent as inputs as they are; every input is fitted to the endpoint's checked-in schema.
 * Utilities ({@link #apply}): the upstream model is the endpoint of an upscaler or a background remover, answered with one
 * {@code image}.
 */
public class FalGenerator implements ImageGenerator, ImageEditor, ImageUtilities, VideoGenerator {
    private static final Auth AUTH = Auth.header("Authorization", "Key ");
    static final String BASE = "https://queue.fal.run";
    /**
     * docs.fal.ai, "Queue" (2026): the queue's status, response and cancel URLs are on {@code queue.fal.run}; "fal CDN": model
     * outputs are CDN URLs on {@code v3.fal.media}, with {@code fal.media} its fallback ({@code v2.fal.media} and
     * {@code v3b.fal.media} are the CDN's other hosts in fal's own answers). No family is documented: exact hosts.
     */
    static final ProviderHosts HOSTS = ProviderHosts.api("queue.fal.run").delivery("fal.media", "v2.fal.media", "v3.fal.media", "v3b.fal.media");
    private final Upstream upstream;

    public FalGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public List<GeneratedImage> generate(ProviderSpec provider, ImageTask task) {
        return upstream.images(provider, hosts(provider), FalWire.imageUrls(provider,
                run(provider, task.upstreamModel(), FalWire.generation(task), task.control())));
    }

    @Override
    public List<GeneratedImage> edit(ProviderSpec provider, ImageTask task, List<SourceImage> images, SourceImage mask) {
        return upstream.images(provider, hosts(provider), FalWire.imageUrls(provider,
                run(provider, task.upstreamModel(), FalWire.edit(task, images, mask), task.control())));
    }

    @Override
    public Set<String> operations() {
        return ImageSources.UTILITIES;
    }

    @Override
    public List<GeneratedImage> apply(ProviderSpec provider, String operation, ImageTask task, SourceImage source) {
        return upstream.images(provider, hosts(provider), FalWire.imageUrls(provider,
                run(provider, task.upstreamModel(), FalWire.utility(task, operation, source), task.control())));
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        var input = FalWire.video(task, task.image() == null ? null : Shapes.dataUri(task.image()));
        JsonNode result = run(provider, task.upstreamModel(), input, task.control());
        return upstream.video(provider, hosts(provider), FalWire.videoUrl(provider, result), Map.of(), task.workDir().resolve("fal.mp4"));
    }

    private static ProviderHosts.Allowed hosts(ProviderSpec provider) {
        return HOSTS.at(Upstream.base(provider, BASE));
    }

    /**
     * Queues the request and waits for its result: the status is looked at until it says the request completed, then the
     * {@code response_url} is read in the same look.
     */
    private JsonNode run(ProviderSpec provider, String model, Map<String, Object> input, TaskControl control) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        return upstream.run(provider, HOSTS.at(base), control, new UpstreamJob<>() {
            @Override
            public JobUrls submit() {
                var queued = upstream.send(provider, key.sign(upstream.postJson(base + "/" + model, input)).build());
                return FalWire.queued(provider, FalWire.ERRORS.answer(upstream, provider, queued));
            }

            @Override
            public Poller.Poll<JsonNode> poll(JobUrls urls) {
                JsonNode status = FalWire.ERRORS.answer(upstream, provider,
                        upstream.send(provider, key.sign(upstream.request(urls.status() + "?logs=1")).GET().build()));
                return FalWire.completed(provider, status) ? result(provider, urls, key) : Poller.pending(null);
            }

            @Override
            public void cancel(JobUrls urls) {
                if (urls.cancel() != null) {
                    upstream.send(provider, key.sign(upstream.request(urls.cancel())).PUT(HttpRequest.BodyPublishers.noBody()).build());
                }
            }
        });
    }

    /**
     * A completed request's result. An error answer that says why (a {@code detail}) is the job's outcome: it failed, and
     * another look gives the same; one that does not is a failed look (a 404 of it is a lost job, not a gone model).
     */
    private Poller.Poll<JsonNode> result(ProviderSpec provider, JobUrls urls, Auth.Credential key) {
        HttpResponse<byte[]> done = upstream.send(provider, key.sign(upstream.request(urls.result())).GET().build());
        if (done.statusCode() == 200) {
            return Poller.done(upstream.object(provider, done));
        }
        JsonNode body = upstream.read(done.body());
        if (body != null && body.has("detail") && done.statusCode() != 404) {
            return Poller.failed(FalWire.ERRORS.read(upstream, provider, done, done.body()));
        }
        throw FalWire.ERRORS.read(upstream, provider, done, done.body());
    }

    /** Any ratio: the model's input schema takes the ratio or refuses it; which a model makes is its catalog entry's. */
    @Override
    public boolean makes(String aspectRatio) {
        return true;
    }
}
