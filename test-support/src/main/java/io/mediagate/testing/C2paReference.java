package io.mediagate.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.StreamSupport;

/**
 * The C2PA reference implementation's reading of a file: c2pa-rs as published on npm in WebAssembly
 * ({@code @contentauth/c2pa-wasm}, pinned by test-support/src/main/c2pa/package-lock.json, installed once into
 * test-support/target), run with Node. Its answer is the manifest store and the validation results as c2pa-rs
 * reports them.
 */
public final class C2paReference {
    private static final ObjectMapper JSON = new ObjectMapper();

    private C2paReference() {
    }

    /** What the reference library reads in {@code file} ({@code format}: its MIME type), trusting {@code anchors} if any. */
    public static Reading read(byte[] file, String format, Optional<Path> anchors) throws IOException, InterruptedException {
        Path dir = installed();
        Path input = Files.createTempFile("c2pa-", ".bin");
        try {
            Files.write(input, file);
            List<String> command = new ArrayList<>(List.of("node", dir.resolve("read.mjs").toString(), input.toString(), format));
            anchors.ifPresent(a -> command.add(a.toString()));
            return new Reading(JSON.readTree(run(command, dir)));
        } finally {
            Files.deleteIfExists(input);
        }
    }

    /** A file to read and its MIME type. */
    public record File(byte[] bytes, String format) {}

    /**
     * What the reference library reads in each of {@code files}, in order, trusting {@code anchors} if any: one Node
     * process for them all (a differential test reads hundreds).
     */
    public static List<Reading> readAll(List<File> files, Optional<Path> anchors) throws IOException, InterruptedException {
        Path dir = installed();
        Path work = Files.createTempDirectory("c2pa-batch-");
        try {
            List<java.util.Map<String, String>> list = new ArrayList<>();
            for (int i = 0; i < files.size(); i++) {
                Path input = Files.write(work.resolve(i + ".bin"), files.get(i).bytes());
                java.util.Map<String, String> entry = new java.util.LinkedHashMap<>();
                entry.put("file", input.toString());
                entry.put("format", files.get(i).format());
                anchors.ifPresent(a -> entry.put("anchors", a.toString()));
                list.add(entry);
            }
            Path listFile = work.resolve("list.json");
            JSON.writeValue(listFile.toFile(), list);
            JsonNode readings = JSON.readTree(run(List.of("node", dir.resolve("read.mjs").toString(), "--batch", listFile.toString()), dir));
            List<Reading> result = new ArrayList<>();
            readings.forEach(r -> result.add(new Reading(r)));
            return result;
        } finally {
            try (var paths = Files.walk(work)) {
                paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** A reading: the store's active manifest, what validation found, or why there is nothing to read. */
    public record Reading(JsonNode json) {
        public Optional<String> error() {
            return json.has("error") ? Optional.of(json.path("error").asText()) : Optional.empty();
        }

        /** {@code Invalid}, {@code Valid} (signed by an untrusted signer) or {@code Trusted}. */
        public String state() {
            return json.path("validation_state").asText();
        }

        public JsonNode activeManifest() {
            return json.path("manifests").path(json.path("active_manifest").asText());
        }

        /** The validation codes of the active manifest of one kind: {@code success}, {@code informational}, {@code failure}. */
        public List<String> codes(String kind) {
            return StreamSupport.stream(json.path("validation_results").path("activeManifest").path(kind).spliterator(), false)
                    .map(c -> c.path("code").asText()).toList();
        }

        /** The active manifest's assertion of {@code label}, or a missing node. */
        public JsonNode assertion(String label) {
            for (JsonNode assertion : activeManifest().path("assertions")) {
                if (assertion.path("label").asText().equals(label)) {
                    return assertion.path("data");
                }
            }
            return JSON.missingNode();
        }
    }

    private static Path installed() throws IOException, InterruptedException {
        return NodePackages.install("test-support/src/main/c2pa", "test-support/target/c2pa-reference",
                List.of("package.json", "package-lock.json", "read.mjs"), "@contentauth/c2pa-wasm");
    }

    private static String run(List<String> command, Path dir) throws IOException, InterruptedException {
        Path output = Files.createTempFile("c2pa-", ".out");
        try {
            Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(output.toFile()).start();
            if (!process.waitFor(5, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IOException(command + " did not finish in 5 minutes");
            }
            String out = Files.readString(output, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                throw new IOException(command + " failed: " + out);
            }
            return out;
        } finally {
            Files.deleteIfExists(output);
        }
    }
}
