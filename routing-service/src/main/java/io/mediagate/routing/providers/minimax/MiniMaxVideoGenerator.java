package io.mediagate.routing.providers.minimax;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.HttpJob;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * MiniMax (Hailuo) video ({@code adapter: minimax}): {@code POST /v1/video_generation} → {@code task_id};
 * {@code GET /v1/query/video_generation?task_id=} until it is done ({@link MiniMaxWire}) with a {@code file_id};
 * {@code GET /v1/files/retrieve?file_id=} → {@code download_url}. MiniMax answers HTTP 200 with the outcome in
 * {@code base_resp.status_code} (newer endpoints answer an HTTP error whose message ends with the same code in
 * brackets); both are read. It has no cancel and reports no progress. Offer option: {@code durations} (the clip
 * lengths, required by the catalog: {@code 6,10} for Hailuo 02).
 */
public class MiniMaxVideoGenerator implements VideoGenerator {
    private static final Auth AUTH = Auth.bearer();
    static final String BASE = "https://api.minimax.io";
    /**
     * platform.minimax.io, "Video download": a file's {@code download_url} has no documented host (its example is a
     * placeholder): it is downloaded without the key from any public https host.
     */
    static final ProviderHosts HOSTS = ProviderHosts.api("api.minimax.io").deliveryFromAnyPublicHost();
    private final Upstream upstream;

    public MiniMaxVideoGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        var body = MiniMaxWire.request(task, task.image() == null ? null : Shapes.dataUri(task.image()),
                task.lastFrame() == null ? null : Shapes.dataUri(task.lastFrame()));
        HttpJob<String, String> job = HttpJob.<String, String>of(upstream, provider, MiniMaxWire.ERRORS, key::sign)
                .answeredBy(response -> answer(provider, response))
                .submit(() -> upstream.postJson(base + "/v1/video_generation", body), HttpJob.id("/task_id"))
                .look(id -> upstream.request(base + "/v1/query/video_generation?task_id=" + encode(id)).GET(),
                        state -> MiniMaxWire.state(provider, state));
        String fileId = upstream.run(provider, task.control(), job);
        JsonNode file;
        try {
            file = answer(provider, upstream.send(provider, key.sign(upstream.request(base + "/v1/files/retrieve?file_id=" + encode(fileId)))
                    .GET().build()));
        } catch (ProviderException e) {
            throw e.ofJob(provider.id());
        }
        return upstream.video(provider, HOSTS.at(base), MiniMaxWire.downloadUrl(provider, file), Map.of(), task.workDir().resolve("minimax.mp4"));
    }

    /** An answer as {@link MiniMaxWire#ok} reads it, else the failure its code or status means. */
    private JsonNode answer(ProviderSpec provider, HttpResponse<byte[]> response) {
        JsonNode body = upstream.read(response.body());
        if (MiniMaxWire.ok(response.statusCode(), body)) {
            return body;
        }
        if (response.statusCode() == 200 && (body == null || !body.isObject())) {
            throw ProviderException.failed(provider.id() + " answered with a body that is not the expected JSON");
        }
        throw MiniMaxWire.ERRORS.read(upstream, provider, response, response.body());
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }

    /** Hailuo 02 ends on a last frame with the first ({@link MiniMaxWire#request(VideoTask, String, String)}). */
    @Override
    public boolean takesLastFrame() {
        return true;
    }
}
