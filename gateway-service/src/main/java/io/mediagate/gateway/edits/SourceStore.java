package io.mediagate.gateway.edits;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.api.ErrorBody;
import io.mediagate.common.events.ImageSources;
import io.mediagate.common.events.MediaKind;
import io.mediagate.common.events.VideoWork;
import io.mediagate.common.internal.InternalToken;
import io.mediagate.common.internal.InternalTokens;
import io.mediagate.common.media.ContentSniffer;
import io.mediagate.common.media.RegisterMedia;
import io.mediagate.gateway.auth.Caller;
import io.mediagate.gateway.forward.Owners;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jboss.logging.Logger;

/**
 * Keeps the files of an edit or variation as the caller's private media items before the job is handed
 * on, through media-service's one registration ({@link RegisterMedia}, the file sent with it): the job then
 * names its sources by id, survives any restart, and its result can say what it was made from. Ids derive
 * from the job id, so a repeated registration keeps nothing twice. Runs on a worker thread.
 */
@ApplicationScoped
public class SourceStore {
    private static final Logger LOG = Logger.getLogger(SourceStore.class);
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(3)).build();
    private final ObjectMapper json;
    private final InternalTokens tokens;
    private final Owners owners;

    SourceStore(ObjectMapper json, InternalTokens tokens, Owners owners) {
        this.json = json;
        this.tokens = tokens;
        this.owners = owners;
    }

    public ImageSources keep(Caller caller, String jobId, String operation, ImageForm form) {
        List<String> images = new ArrayList<>(form.images().size());
        for (int i = 0; i < form.images().size(); i++) {
            images.add(keep(caller, "med_" + jobId.substring(4) + "s" + i, form.images().get(i)));
        }
        String mask = form.mask() == null ? null : keep(caller, "med_" + jobId.substring(4) + "m", form.mask());
        return new ImageSources(operation, images, mask);
    }

    /** Keeps one file as the caller's private item {@code id}; returns the id. */
    public String keep(Caller caller, String id, SourceImage image) {
        String extension = ContentSniffer.extension(image.mime());
        String name = image.field().equals("mask") ? "mask." + extension : "source." + extension;
        String size = image.width() + "x" + image.height();
        RegisterMedia command = new RegisterMedia(id, caller.accountId(), MediaKind.IMAGE, null, null, null, null, null, null,
                size, null, image.width(), image.height(), false, caller.limits().retentionDays(), null, name,
                List.of(new VideoWork.StagedFile(null, name, "original", extension, null, size, image.width(), image.height(),
                        image.mime(), image.bytes())), null);
        HttpRequest request = HttpRequest.newBuilder(URI.create(owners.media() + "/internal/v1/media/register"))
                .timeout(Duration.ofSeconds(60))
                .header("Authorization", tokens.bearer("gateway-service", null, Set.of(InternalToken.SERVICE)))
                .header("Content-Type", RegisterMedia.WITH_FILE).header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.concat(HttpRequest.BodyPublishers.ofByteArray(line(command)),
                        image.publisher())).build();
        HttpResponse<byte[]> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            LOG.warnf("keeping source %s: media-service unreachable: %s", id, e.toString());
            throw ApiException.unavailable("media storage is unavailable; try again shortly");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw ApiException.unavailable("interrupted");
        }
        if (response.statusCode() / 100 != 2) {
            throw failure(response);
        }
        return id;
    }

    private byte[] line(RegisterMedia command) {
        try {
            byte[] head = json.writeValueAsBytes(command);
            byte[] line = new byte[head.length + 1];
            System.arraycopy(head, 0, line, 0, head.length);
            line[head.length] = '\n';
            return line;
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a registration", e);
        }
    }

    private ApiException failure(HttpResponse<byte[]> response) {
        try {
            ErrorBody error = json.readValue(response.body(), ErrorBody.class);
            if (error.code != null) {
                return error.toException();
            }
        } catch (IOException e) {
            // reported below
        }
        LOG.errorf("keeping a source: media-service answered %d unreadably", response.statusCode());
        return ApiException.unavailable("media storage is unavailable; try again shortly");
    }
}
