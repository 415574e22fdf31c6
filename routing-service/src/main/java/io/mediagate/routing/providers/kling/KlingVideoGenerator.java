package io.mediagate.routing.providers.kling;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.HttpJob;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.util.Optional;
import java.util.function.Function;

/**
 * Kling's official API ({@code adapter: kling}): {@code POST /v1/videos/text2video} or, with a first frame,
 * {@code /v1/videos/image2video} (the image as bare base64), then {@code GET} the same path with the
 * {@code task_id} until it is done ({@link KlingWire}).
 * <p>
 * Every call carries a JWT signed with the account's secret key ({@link KlingToken}), made afresh for each call: the
 * catalog's key variable holds the access key, the {@code KLING_SECRET_KEY} setting the secret key. Every answer comes
 * in Kling's {@code {code, message, data}} envelope, its codes read by {@link KlingWire#ERRORS}. Kling has no cancel
 * and reports no progress. Offer options: {@code mode} ({@code std} or {@code pro}, default {@code std}),
 * {@code durations} (the clip lengths, required by the catalog: {@code 5,10}).
 */
public class KlingVideoGenerator implements VideoGenerator {
    static final String BASE = "https://api-singapore.klingai.com";
    /**
     * Kling's API reference names no host for a task's video {@code url}s (they are seen on hosts such as
     * {@code v15-kling.klingai.com}, undocumented): they are downloaded without the key from any public https host.
     */
    static final ProviderHosts HOSTS = ProviderHosts.api("api-singapore.klingai.com").deliveryFromAnyPublicHost();
    /** The setting holding the secret key that signs the tokens. */
    public static final String SECRET_SETTING = "KLING_SECRET_KEY";
    private final Upstream upstream;
    private final Function<String, Optional<String>> settings;

    /**
     * @param settings reads a setting by name (the configuration in production)
     */
    public KlingVideoGenerator(Upstream upstream, Function<String, Optional<String>> settings) {
        this.upstream = upstream;
        this.settings = settings;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        String accessKey = Upstream.requireCredential(provider);
        String secretKey = settings.apply(SECRET_SETTING).filter(s -> !s.isBlank()).orElseThrow(() ->
                ProviderException.credentials(provider.id() + " has no " + SECRET_SETTING + " configured"));
        task.requireNoSourceVideo(provider);
        String path = Upstream.base(provider, BASE) + KlingWire.endpoint(task);
        var body = KlingWire.request(task, task.image() == null ? null : SourceImage.read(task.image()).base64());
        return upstream.runVideo(provider, HOSTS.at(Upstream.base(provider, BASE)), task, "kling.mp4", HttpJob.<String, String>of(upstream, provider, KlingWire.ERRORS,
                        request -> Auth.bearer().with(KlingToken.sign(accessKey, secretKey, upstream.clock().instant())).sign(request))
                .answeredBy(response -> {
                    JsonNode answer = upstream.read(response.body());
                    if (!KlingWire.ok(response.statusCode(), answer)) {
                        throw KlingWire.ERRORS.read(upstream, provider, response, response.body());
                    }
                    return answer;
                })
                .submit(() -> upstream.postJson(path, body), HttpJob.id("/data/task_id"))
                .look(id -> upstream.request(path + "/" + id).GET(), answer -> KlingWire.state(provider, answer)));
    }

    @Override
    public boolean makes(String aspectRatio) {
        return Shapes.listed(aspectRatio, KlingWire.RATIOS);
    }
}
