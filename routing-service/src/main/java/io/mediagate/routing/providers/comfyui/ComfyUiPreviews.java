package io.mediagate.routing.providers.comfyui;

import com.fasterxml.jackson.databind.JsonNode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.Shapes;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.WebSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.CompletionStage;

/**
 * A streamed job's partial images from ComfyUI's live previews. Before the workflow is queued, a WebSocket is opened on
 * the server's {@code /ws?clientId=…} with the client id the prompt then carries (ComfyUI sends a prompt's events to that
 * socket only), and the prompt asks for previews ({@code extra_data.preview_method}, as ComfyUI's own front end does: the
 * server's default makes none). The sampler then sends, per step, a {@code progress} message (JSON: {@code value} of
 * {@code max}) and a binary preview frame: a big-endian 32-bit event type, 1 for a preview image followed by a 32-bit
 * format (1 JPEG, 2 PNG) and the image's bytes, or 4 for a preview with metadata followed by a 32-bit length, that many
 * bytes of JSON ({@code image_type}, {@code prompt_id}) and the image's bytes. Of k partial images asked for, the i-th is
 * the first preview at or past (i+1)/(k+1) of the sampler's steps (when the server reports no progress, the first k
 * previews), so a caller sees the image sharpen rather than k frames of early noise. Previews are best effort: a socket
 * that cannot be opened, or a frame that cannot be read, costs the job nothing.
 */
final class ComfyUiPreviews implements WebSocket.Listener, AutoCloseable {
    /** Largest preview frame kept; ComfyUI's previews are small (512 px at most by default). */
    static final int MAX_FRAME = 16 * 1024 * 1024;
    private static final int PREVIEW_IMAGE = 1;
    private static final int PREVIEW_IMAGE_WITH_METADATA = 4;
    private final Upstream upstream;
    private final TaskControl control;
    private final ByteArrayOutputStream frame = new ByteArrayOutputStream();
    private final StringBuilder text = new StringBuilder();
    private boolean oversized;
    private double done = -1;
    private int sent;
    private volatile String promptId;
    private volatile WebSocket socket;

    private ComfyUiPreviews(Upstream upstream, TaskControl control) {
        this.upstream = upstream;
        this.control = control;
    }

    /**
     * Listens for {@code clientId}'s previews when {@code control} asks for partial images; otherwise, or when the socket
     * cannot be opened, the previews are {@linkplain #listening() not listened for} and the job runs as it would unstreamed.
     */
    static ComfyUiPreviews open(Upstream upstream, ProviderSpec provider, String base, String clientId, TaskControl control) {
        ComfyUiPreviews previews = new ComfyUiPreviews(upstream, control);
        if (control == null || control.partialImages() <= 0) {
            return previews;
        }
        URI uri = URI.create(base.replaceFirst("^http", "ws") + "/ws?clientId=" + URLEncoder.encode(clientId, StandardCharsets.UTF_8));
        try {
            previews.socket = upstream.webSocket(provider, uri, previews);
        } catch (ProviderException e) {
            // no previews from this server: the completed image alone
        }
        return previews;
    }

    /** True when the server's previews are being listened for: the prompt should then ask for them. */
    boolean listening() {
        return socket != null;
    }

    /** The queued prompt's id: frames that name another prompt are not ours. */
    void promptId(String id) {
        promptId = id;
    }

    @Override
    public void onOpen(WebSocket webSocket) {
        webSocket.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        if (text.length() + data.length() <= MAX_FRAME) {
            text.append(data);
        }
        if (last) {
            JsonNode message = upstream.read(text.toString().getBytes(StandardCharsets.UTF_8));
            text.setLength(0);
            if (message != null && "progress".equals(Shapes.text(message, "type"))) {
                JsonNode progress = message.path("data");
                double max = progress.path("max").asDouble(0);
                if (max > 0 && ours(Shapes.text(progress, "prompt_id"))) {
                    done = progress.path("value").asDouble(0) / max;
                }
            }
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onBinary(WebSocket webSocket, ByteBuffer data, boolean last) {
        if (frame.size() + data.remaining() > MAX_FRAME) {
            oversized = true;
        } else if (!oversized) {
            byte[] chunk = new byte[data.remaining()];
            data.get(chunk);
            frame.writeBytes(chunk);
        }
        if (last) {
            if (!oversized) {
                preview(frame.toByteArray());
            }
            frame.reset();
            oversized = false;
        }
        webSocket.request(1);
        return null;
    }

    private void preview(byte[] bytes) {
        if (bytes.length < 8) {
            return;
        }
        ByteBuffer header = ByteBuffer.wrap(bytes);
        int type = header.getInt(0);
        if (type == PREVIEW_IMAGE) {
            offer(Arrays.copyOfRange(bytes, 8, bytes.length), header.getInt(4) == 2 ? "image/png" : "image/jpeg");
        } else if (type == PREVIEW_IMAGE_WITH_METADATA) {
            int length = header.getInt(4);
            if (length < 0 || 8L + length > bytes.length) {
                return;
            }
            JsonNode metadata = upstream.read(Arrays.copyOfRange(bytes, 8, 8 + length));
            if (metadata == null || !ours(Shapes.text(metadata, "prompt_id"))) {
                return;
            }
            String mime = Shapes.text(metadata, "image_type");
            offer(Arrays.copyOfRange(bytes, 8 + length, bytes.length), mime == null ? "image/jpeg" : mime);
        }
    }

    private void offer(byte[] image, String mime) {
        int wanted = control.partialImages();
        if (image.length == 0 || sent >= wanted || (done >= 0 && done < (sent + 1.0) / (wanted + 1))) {
            return;
        }
        control.partial(sent++, image, mime);
    }

    private boolean ours(String id) {
        String mine = promptId;
        return id == null || mine == null || mine.equals(id);
    }

    @Override
    public void close() {
        WebSocket open = socket;
        if (open != null) {
            open.abort();
        }
    }
}
