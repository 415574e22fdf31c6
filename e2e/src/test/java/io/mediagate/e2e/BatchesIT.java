package io.mediagate.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.HttpResponse;
import com.openai.errors.BadRequestException;
import com.openai.errors.NotFoundException;
import com.openai.models.files.FileCreateParams;
import com.openai.models.files.FileDeleted;
import com.openai.models.files.FileListParams;
import com.openai.models.files.FileObject;
import com.openai.models.files.FilePurpose;
import io.mediagate.testing.NodePackages;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Batches against the whole suite through the stock openai-java SDK: the Files API's batch files (upload, list page by
 * page, read back, delete), and the checks an upload meets at the gateway.
 */
class BatchesIT {
    private static Suite suite;
    private static Api api;
    private static String key;

    @BeforeAll
    static void startSuite() throws Exception {
        suite = Suite.start();
        api = new Api(suite.baseUrl());
        key = api.newUserKey(Suite.ADMIN_KEY, "pro");
    }

    @AfterAll
    static void stopSuite() {
        if (suite != null) {
            suite.close();
        }
    }

    private static OpenAIClient sdk() {
        return OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1").apiKey(key).maxRetries(0).build();
    }

    private static String lines(int count) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < count; i++) {
            out.append("{\"custom_id\":\"r").append(i).append("\",\"method\":\"POST\",\"url\":\"/v1/images/generations\",")
                    .append("\"body\":{\"model\":\"local/pattern\",\"prompt\":\"tile ").append(i).append("\"}}\n");
        }
        return out.toString();
    }

    @Test
    void aBatchFileIsUploadedListedReadBackAndDeletedWithTheStockSdk() throws Exception {
        Path input = Files.createTempFile("requests", ".jsonl");
        byte[] bytes = lines(3).getBytes(StandardCharsets.UTF_8);
        Files.write(input, bytes);
        OpenAIClient client = sdk();
        FileObject file = client.files().create(FileCreateParams.builder().file(input).purpose(FilePurpose.BATCH)
                .expiresAfter(FileCreateParams.ExpiresAfter.builder().seconds(7200).build()).build());
        file.validate();
        assertEquals(bytes.length, file.bytes());
        assertEquals(input.getFileName().toString(), file.filename());
        assertEquals(FileObject.Purpose.BATCH, file.purpose());
        assertEquals(file.createdAt() + 7200, file.expiresAt().orElseThrow());

        assertEquals(file.id(), client.files().retrieve(file.id()).id());
        try (HttpResponse content = client.files().content(file.id()); InputStream body = content.body()) {
            assertEquals(200, content.statusCode());
            assertArrayEquals(bytes, body.readAllBytes(), "the file reads back byte for byte");
        }

        List<String> made = new ArrayList<>(List.of(file.id()));
        for (int i = 0; i < 4; i++) {
            made.add(client.files().create(FileCreateParams.builder().file(bytes).purpose(FilePurpose.BATCH).build()).id());
        }
        List<String> listed = new ArrayList<>();
        client.files().list(FileListParams.builder().limit(2).build()).autoPager().forEach(f -> listed.add(f.id()));
        assertEquals(made.reversed(), listed, "every file, newest first, followed page by page");

        FileDeleted deleted = client.files().delete(file.id());
        assertTrue(deleted.deleted());
        assertThrows(NotFoundException.class, () -> client.files().retrieve(file.id()));
        OpenAIClient someoneElse = OpenAIOkHttpClient.builder().baseUrl(suite.baseUrl() + "/v1")
                .apiKey(api.newUserKey(Suite.ADMIN_KEY, "pro")).maxRetries(0).build();
        assertThrows(NotFoundException.class, () -> someoneElse.files().retrieve(made.get(1)), "another account's file");
        assertEquals(List.of(), someoneElse.files().list().data());
    }

    @Test
    void aFileThatIsNotJsonlOrNotForBatchesIsRefusedNamingWhy() throws Exception {
        OpenAIClient client = sdk();
        BadRequestException notJson = assertThrows(BadRequestException.class, () -> client.files().create(FileCreateParams.builder()
                .file((lines(2) + "{\"custom_id\": oops}\n").getBytes(StandardCharsets.UTF_8)).purpose(FilePurpose.BATCH).build()));
        assertTrue(notJson.getMessage().contains("line 3 is not valid JSON"), notJson.getMessage());
        BadRequestException purpose = assertThrows(BadRequestException.class, () -> client.files().create(FileCreateParams.builder()
                .file(lines(1).getBytes(StandardCharsets.UTF_8)).purpose(FilePurpose.FINE_TUNE).build()));
        assertTrue(purpose.getMessage().contains("purpose"), purpose.getMessage());

        Api.Reply unknown = api.postForm("/v1/files", key, List.of("purpose", "batch", "colour", "red"),
                new Api.FormFile("file", "a.jsonl", lines(1).getBytes(StandardCharsets.UTF_8)));
        assertEquals(400, unknown.status());
        assertEquals("colour", unknown.body().path("param").asText());
        Api.Reply scoped = api.get("/v1/files", imagesOnlyKey());
        assertEquals(403, scoped.status());
        assertEquals("batches", scoped.body().path("required_scopes").path(0).asText());
    }

    /** The same with the stock openai-node SDK (e2e/src/test/node-sdk/files.mjs, its version pinned by its lock file). */
    @Test
    void theNodeSdkUploadsListsReadsAndDeletesBatchFiles() throws Exception {
        Path dir = NodePackages.install("e2e/src/test/node-sdk", "e2e/target/node-sdk",
                List.of("package.json", "package-lock.json", "files.mjs"), "openai");
        Path scratch = Files.createTempDirectory("node-sdk");
        Process node = new ProcessBuilder("node", dir.resolve("files.mjs").toString(), suite.baseUrl() + "/v1",
                api.newUserKey(Suite.ADMIN_KEY, "pro"), scratch.toString()).redirectErrorStream(true).start();
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(node.waitFor(2, TimeUnit.MINUTES), "node did not finish");
        assertEquals(0, node.exitValue(), output);
        JsonNode seen = new ObjectMapper().readTree(output.lines().reduce((a, b) -> b).orElseThrow());
        JsonNode created = seen.path("created");
        assertEquals("file", created.path("object").asText());
        assertEquals("node-requests.jsonl", created.path("filename").asText());
        assertEquals("batch", created.path("purpose").asText());
        assertEquals(created.path("created_at").asLong() + 3600, created.path("expires_at").asLong());
        assertEquals(created.path("id").asText(), seen.path("retrieved").path("id").asText());
        assertEquals(seen.path("expected").asText(), seen.path("content").asText());
        assertEquals(seen.path("made"), seen.path("listed"), "oldest first, one a page, every file once");
        assertEquals("BadRequestError", seen.path("refused").path("kind").asText());
        assertEquals("file", seen.path("refused").path("param").asText());
        assertTrue(seen.path("refused").path("message").asText().contains("line 1 is not valid JSON"), seen.toString());
        assertTrue(seen.path("deleted").path("deleted").asBoolean());
        assertEquals(404, seen.path("afterDelete").path("status").asInt());
    }

    private static String imagesOnlyKey() throws Exception {
        Api.Reply account = api.post("/v1/admin/accounts", Suite.ADMIN_KEY, "{\"name\":\"e2e\",\"tier\":\"pro\"}");
        String id = account.body().path("result").path("account").path("id").asText();
        return api.post("/v1/admin/accounts/" + id + "/keys", Suite.ADMIN_KEY, "{\"scopes\":[\"images\"]}")
                .body().path("result").path("key").path("key").asText();
    }
}
