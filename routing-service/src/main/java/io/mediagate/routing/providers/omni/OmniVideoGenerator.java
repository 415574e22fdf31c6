package io.mediagate.routing.providers.omni;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.GeneratedVideo;
import io.mediagate.routing.providers.HttpJob;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.SourceImage;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.VideoTask;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Gemini Omni through the Gemini API's Interactions API ({@code adapter: omni}), which took video from Veo there
 * ({@code @google/genai} 3.1.0 refuses {@code generateVideos} on the Gemini API): {@code POST /interactions} with
 * {@code x-goog-api-key} and {@code background: true}, then {@code GET /interactions/{id}} until it has ended
 * ({@link OmniWire}); {@code POST /interactions/{id}/cancel} when our job stops waiting. Text to video, a first frame
 * ({@code image_url}), or a source video to edit or continue ({@code video_id}, {@code video_url}, OpenAI's remix): it is
 * uploaded to Google's Files API first ({@link OmniFiles}), the prompt saying what to do with it. The video comes as a
 * {@code uri} on the API's own host, downloaded with the key, or inline. Offer option: {@code durations} (the clip lengths,
 * required by the catalog: {@code 3,4,5,6,7,8,9,10}, Omni's whole seconds from 3 to 10).
 */
public class OmniVideoGenerator implements VideoGenerator {
    private static final Auth AUTH = Auth.header("x-goog-api-key");
    /**
     * The version Google's Omni examples (cookbook, gemini-skills) call; {@code @google/genai} 3.1.0 defaults to {@code v1}
     * for the Gemini API, and a provider's {@code baseUrl} may name it.
     */
    static final String BASE = "https://generativelanguage.googleapis.com/v1beta";
    /**
     * Google's Gemini cookbook ("Generate and edit videos with Gemini Omni Flash 1.1", {@code delivery: "uri"}) and
     * {@code gemini-skills} ({@code gemini-omni-flash-api}): a video delivered by URI is a {@code files/…:download} URL on the
     * API's own host, fetched with the key ({@code alt=media}); the Files API's upload session is on it too. No other
     * host gets the key, not a sibling under googleapis.com.
     */
    static final ProviderHosts HOSTS = ProviderHosts.api("generativelanguage.googleapis.com");
    private final Upstream upstream;

    public OmniVideoGenerator(Upstream upstream) {
        this.upstream = upstream;
    }

    @Override
    public GeneratedVideo generate(ProviderSpec provider, VideoTask task) {
        Auth.Credential key = AUTH.of(provider);
        String base = Upstream.base(provider, BASE);
        ProviderHosts.Allowed hosts = HOSTS.at(base);
        SourceImage frame = task.image() == null ? null : SourceImage.read(task.image());
        String sourceMime = task.sourceVideo() == null ? null : videoMime(task.sourceVideo());
        String sourceUri = task.sourceVideo() == null ? null
                : upstream.run(provider, task.control(), new OmniFiles(upstream, provider, hosts, key, base, task.sourceVideo(), sourceMime));
        var body = OmniWire.request(task, frame, sourceUri, sourceMime);
        OmniWire.Video video = upstream.run(provider, task.control(), HttpJob.<String, OmniWire.Video>of(upstream, provider, OmniWire.ERRORS, key::sign)
                .submit(() -> upstream.postJson(base + "/interactions", body), HttpJob.id("/id"))
                .look(id -> upstream.request(base + "/interactions/" + id).GET(), i -> OmniWire.state(provider, i, sourceUri != null))
                .cancel(id -> upstream.request(base + "/interactions/" + id + "/cancel").POST(HttpRequest.BodyPublishers.noBody())));
        Path target = task.workDir().resolve("omni.mp4");
        if (video.data() != null) {
            return inline(provider, video.data(), target);
        }
        return upstream.video(provider, hosts, media(video.uri()), key.asHeaders(), target);
    }

    /** A download URI as Google's tools fetch it: the file's bytes ({@code alt=media}), not its metadata. */
    static String media(String uri) {
        return uri.matches(".*[?&]alt=.*") ? uri : uri + (uri.contains("?") ? "&" : "?") + "alt=media";
    }

    /** A video Google sent inline, kept only when its bytes are a video. */
    private static GeneratedVideo inline(ProviderSpec provider, byte[] data, Path target) {
        String mime = ContentSniffer.result(data).filter(m -> m.startsWith("video/"))
                .orElseThrow(() -> ProviderException.failed(provider.id() + " sent a file that is not a video"));
        try {
            Files.write(target, data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new GeneratedVideo(target, mime);
    }

    /** The source's type as Google names it ({@code VideoContentMimeType}: QuickTime is {@code video/mov}). */
    private static String videoMime(Path video) {
        try {
            String mime = ContentSniffer.mime(video).orElse("video/mp4");
            return "video/quicktime".equals(mime) ? "video/mov" : mime;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
