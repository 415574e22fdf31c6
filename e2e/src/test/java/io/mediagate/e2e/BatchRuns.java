package io.mediagate.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.openai.client.OpenAIClient;
import com.openai.core.http.HttpResponse;
import com.openai.models.batches.Batch;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** What the batch tests do with the stock openai-java client: wait for a batch to end, read a file's JSONL lines. */
final class BatchRuns {
    private static final ObjectMapper JSON = new ObjectMapper();

    private BatchRuns() {
    }

    /** Batch {@code id} once it has ended, looked at every half second for up to {@code seconds}. */
    static Batch awaitEnd(OpenAIClient client, String id, int seconds) throws InterruptedException {
        long deadline = System.currentTimeMillis() + seconds * 1000L;
        while (System.currentTimeMillis() < deadline) {
            Batch batch;
            try {
                batch = client.batches().retrieve(id);
            } catch (com.openai.errors.RateLimitException e) { // a Free key's 10 requests a minute
                Thread.sleep(2000);
                continue;
            }
            String status = batch.status().asString();
            if (List.of("completed", "failed", "expired", "cancelled").contains(status)) {
                return batch;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("batch " + id + " did not end");
    }

    /** The JSON lines of file {@code fileId} (an output or error file), read through the SDK's {@code files.content}. */
    static List<JsonNode> fileLines(OpenAIClient client, String fileId) throws Exception {
        try (HttpResponse content = client.files().content(fileId); InputStream body = content.body()) {
            List<JsonNode> out = new ArrayList<>();
            for (String line : new String(body.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    out.add(JSON.readTree(line));
                }
            }
            return out;
        }
    }
}
