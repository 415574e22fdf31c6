package io.mediagate.routing.providers.omni;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.ProviderHosts;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.UpstreamJob;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * A source video handed to Google's Files API, the way Google's own Omni tools give the Interactions API a video to edit
 * or continue: the resumable upload as {@code @google/genai} 3.1.0 makes it ({@code ApiClient.uploadFile},
 * {@code fetchUploadUrl}, {@code uploadBlob}): {@code POST /upload/{version}/files} with {@code X-Goog-Upload-Protocol:
 * resumable}, {@code X-Goog-Upload-Command: start} and the size and type, answered with the session's
 * {@code x-goog-upload-url}; the bytes in one {@code upload, finalize} at offset 0, answered {@code x-goog-upload-status:
 * final} and {@code {"file": {name, uri, state}}}; then {@code GET /{version}/files/{id}} until its {@code state} leaves
 * {@code PROCESSING} for {@code ACTIVE} (or {@code FAILED}). What it answers is the file's {@code uri}, which the
 * interaction names. Google deletes uploads after 48 hours; the session URL gets our key, so it must be one of the
 * provider's hosts, as every URL it answers.
 */
final class OmniFiles implements UpstreamJob<String, String> {
    private final Upstream upstream;
    private final ProviderSpec provider;
    private final ProviderHosts.Allowed hosts;
    private final Auth.Credential key;
    private final String base;
    private final Path video;
    private final String mime;

    OmniFiles(Upstream upstream, ProviderSpec provider, ProviderHosts.Allowed hosts, Auth.Credential key, String base, Path video, String mime) {
        this.upstream = upstream;
        this.provider = provider;
        this.hosts = hosts;
        this.key = key;
        this.base = base;
        this.video = video;
        this.mime = mime;
    }

    /** Where uploads go for an API at {@code base}: {@code /upload} before its path ({@code https://host/upload/v1beta/files}). */
    static String uploads(String base) {
        URI api = URI.create(base);
        String origin = api.getScheme() + "://" + api.getRawAuthority();
        return origin + "/upload" + (api.getRawPath() == null ? "" : api.getRawPath()) + "/files";
    }

    /** Uploads the video and answers the file's name ({@code files/abc123}), which is then looked at until it is ready. */
    @Override
    public String submit() {
        long size = size();
        HttpResponse<byte[]> started = upstream.send(provider, key.sign(upstream.postJson(uploads(base),
                        Map.of("file", Map.of("mimeType", mime, "sizeBytes", String.valueOf(size)))))
                .header("X-Goog-Upload-Protocol", "resumable")
                .header("X-Goog-Upload-Command", "start")
                .header("X-Goog-Upload-Header-Content-Length", String.valueOf(size))
                .header("X-Goog-Upload-Header-Content-Type", mime).build());
        if (started.statusCode() / 100 != 2) {
            throw OmniWire.ERRORS.read(upstream, provider, started, started.body());
        }
        String session = started.headers().firstValue("x-goog-upload-url")
                .orElseThrow(() -> ProviderException.failed(provider.id() + " started an upload without its x-goog-upload-url"));
        HttpResponse<byte[]> uploaded;
        try {
            uploaded = upstream.send(provider, key.sign(upstream.request(hosts.keyed(provider, session).toString()))
                    .header("X-Goog-Upload-Command", "upload, finalize")
                    .header("X-Goog-Upload-Offset", "0")
                    .POST(HttpRequest.BodyPublishers.ofFile(video)).build());
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException(e);
        }
        JsonNode file = OmniWire.ERRORS.answer(upstream, provider, uploaded).path("file");
        if (!"final".equals(uploaded.headers().firstValue("x-goog-upload-status").orElse(null)) || Shapes.text(file, "name") == null) {
            throw ProviderException.failed(provider.id() + " did not finish the upload of the source video");
        }
        return Shapes.text(file, "name");
    }

    /** One look at the uploaded file: processing, ready (its {@code uri}), or failed. */
    @Override
    public Poller.Poll<String> poll(String name) {
        JsonNode file = OmniWire.ERRORS.answer(upstream, provider, upstream.send(provider,
                key.sign(upstream.request(base + "/" + name).GET()).build()));
        String state = String.valueOf(Shapes.text(file, "state"));
        return switch (state) {
            case "ACTIVE" -> {
                String uri = Shapes.text(file, "uri");
                if (uri == null) {
                    throw ProviderException.failed(provider.id() + " made the source video ready without a uri");
                }
                yield Poller.done(uri);
            }
            case "FAILED" -> Poller.failed(ProviderException.rejected("the provider could not process the source video"
                    + (Shapes.text(file.path("error"), "message") == null ? "" : ": " + Shapes.text(file.path("error"), "message"))));
            default -> Poller.pending(null);
        };
    }

    private long size() {
        try {
            return Files.size(video);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
