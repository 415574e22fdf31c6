package io.mediagate.routing.providers.a1111;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.Auth;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;

/**
 * A streamed job's partial images from AUTOMATIC1111: while the generation call runs, the server's progress
 * ({@code GET /sdapi/v1/progress?skip_current_image=false}) is read every {@value #EVERY_MS} ms, and each new live preview
 * it shows ({@code current_image}, a PNG in base64, there when the server's live previews are on) is handed on as the
 * next partial image, up to as many as were asked for. Previews are best effort: a failed read is skipped.
 */
final class A1111Previews implements AutoCloseable {
    static final long EVERY_MS = 750;
    private final Thread watcher;

    private A1111Previews(Thread watcher) {
        this.watcher = watcher;
    }

    /** Starts watching when {@code control} asks for partial images; closing stops it. */
    static A1111Previews watch(Upstream upstream, ProviderSpec provider, String base, TaskControl control) {
        if (control == null || control.partialImages() <= 0) {
            return new A1111Previews(null);
        }
        return new A1111Previews(Thread.ofVirtual().name("a1111-previews").start(() -> {
            String last = null;
            int sent = 0;
            while (sent < control.partialImages() && !Thread.currentThread().isInterrupted()) {
                try {
                    Thread.sleep(Duration.ofMillis(EVERY_MS));
                    String image = preview(upstream, provider, base);
                    if (image != null && !image.equals(last)) {
                        last = image;
                        control.partial(sent++, Base64.getDecoder().decode(image), "image/png");
                    }
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    // a preview that cannot be read is skipped
                }
            }
        }));
    }

    private static String preview(Upstream upstream, ProviderSpec provider, String base) {
        HttpRequest.Builder request = upstream.request(base + "/sdapi/v1/progress?skip_current_image=false").GET();
        if (provider.apiKeyEnv() != null) {
            Auth.basic().of(provider).sign(request);
        }
        HttpResponse<byte[]> response = upstream.send(provider, request.build());
        if (response.statusCode() != 200) {
            return null;
        }
        JsonNode image = upstream.read(response.body()).path("current_image");
        return image.isTextual() && !image.asText().isEmpty() ? image.asText() : null;
    }

    @Override
    public void close() {
        if (watcher != null) {
            watcher.interrupt();
        }
    }
}
