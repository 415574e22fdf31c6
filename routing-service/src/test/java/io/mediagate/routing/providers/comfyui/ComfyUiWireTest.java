package io.mediagate.routing.providers.comfyui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How a prompt's history entry reads: waiting, failed, or the saved images only (never a preview's temp file). */
class ComfyUiWireTest {
    private static final ProviderSpec COMFY = new ProviderSpec("comfyui", "ComfyUI", "comfyui", List.of("image"), true, null, null, Instant.EPOCH);
    private final ObjectMapper json = new ObjectMapper();

    private Poller.Poll<List<ComfyUiWire.FileRef>> history(String answer) throws Exception {
        return ComfyUiWire.history(COMFY, json.readTree(answer), "p1");
    }

    @Test
    void aPromptNotInTheHistoryOrNotCompletedWaitsAndAnErrorFails() throws Exception {
        assertInstanceOf(Poller.Poll.Pending.class, history("{}"));
        assertInstanceOf(Poller.Poll.Pending.class, history("{\"p1\": {\"status\": {\"status_str\": \"running\", \"completed\": false}}}"),
                "a status this version does not know, not completed: still running");
        var failed = (Poller.Poll.Failed<List<ComfyUiWire.FileRef>>) history(
                "{\"p1\": {\"status\": {\"status_str\": \"error\", \"completed\": false, \"messages\": []}}}");
        assertEquals(FailureClass.TRANSIENT, failed.error().failure());
    }

    @Test
    void aCompletedPromptGivesItsSavedImagesInNodeOrder() throws Exception {
        var done = (Poller.Poll.Done<List<ComfyUiWire.FileRef>>) history("{\"p1\": {\"status\": {\"status_str\": \"success\", \"completed\": true},"
                + " \"outputs\": {\"9\": {\"images\": [{\"filename\": \"a.png\", \"subfolder\": \"\", \"type\": \"output\"},"
                + " {\"filename\": \"b.png\", \"subfolder\": \"\", \"type\": \"temp\"}]}, \"12\": {\"images\": [{\"filename\": \"c.png\","
                + " \"subfolder\": \"x\", \"type\": \"output\"}]}, \"15\": {\"text\": [\"hi\"]}}}}");
        assertEquals(List.of("a.png", "c.png"), done.value().stream().map(ComfyUiWire.FileRef::filename).toList());
        assertThrows(ProviderException.class, () -> history("{\"p1\": {\"status\": {\"status_str\": \"success\", \"completed\": true},"
                + " \"outputs\": {}}}"), "completed without a saved image");
        assertEquals("x/c.png", new ComfyUiWire.Uploaded("c.png", "x").loadName());
    }
}
