package io.mediagate.routing.adapters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.events.ImageSources;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.providers.ImageBatches;
import io.mediagate.routing.providers.ImageEditor;
import io.mediagate.routing.providers.ImageGenerator;
import io.mediagate.routing.providers.ImageUtilities;
import io.mediagate.routing.providers.ImageVariator;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.Upstream;
import io.mediagate.routing.providers.VideoGenerator;
import io.mediagate.routing.providers.conformance.AdapterConformance;
import io.mediagate.routing.providers.conformance.Exercises;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The capability matrix ({@code docs/capabilities.md}: provider adapter × operation, and the request parameters each is sent),
 * written from the provider tests' {@link Exercises} and nothing else, so it claims nothing no test exercises. It fails when
 * an adapter's code does an operation no test exercises, when a test claims an operation its adapter's code does not do, and
 * when the file is not what the tests say (write it anew with {@code -Dmediagate.capabilities.write=true}).
 */
class CapabilityMatrixTest {
    /** The matrix's columns, in order: each operation's name as {@link Exercises} gives it, and its heading. */
    static final Map<String, String> OPERATIONS = columns(
            "image", "Text to image", "edit", "Edit (with `mask`, references)", "variation", "Variation", "upscale", "Upscale",
            "remove-background", "Remove background", "batch", "Provider batch", "video", "Text to video", "first-frame", "First frame",
            "last-frame", "Last frame", "references", "Video references", "source-video", "Source video", "video-upscale", "Video upscale",
            "video-extend", "Video extend");
    /** Operations whose evidence alone says what a test showed: the adapter's code does not declare them apart. */
    static final Set<String> EVIDENCE_ONLY = Set.of("first-frame", "source-video");
    private static final Path FILE = Path.of("..", "docs", "capabilities.md");

    private static Map<String, String> columns(String... pairs) {
        Map<String, String> columns = new java.util.LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            columns.put(pairs[i], pairs[i + 1]);
        }
        return columns;
    }

    /** What each provider adapter's code says it does (the local and fake adapters are left out: no provider's wire). */
    static Map<String, Set<String>> declared() {
        Map<String, Set<String>> declared = new TreeMap<>();
        Upstream upstream = new Upstream(new ObjectMapper(), new Poller(new Poller.Settings(Duration.ofSeconds(1), Duration.ofSeconds(1),
                Duration.ofSeconds(1)), Clock.systemUTC(), Thread::sleep), new SafeFetch(false, Duration.ofSeconds(1)), Duration.ofSeconds(1),
                Clock.systemUTC());
        for (Adapters.Entry entry : Adapters.list(null, null, null, null, null, upstream, "2025-04-01")) {
            Set<String> ops = declared.computeIfAbsent(entry.name(), n -> new TreeSet<>());
            Object code = entry.code();
            if (code instanceof ImageGenerator) {
                ops.add("image");
            }
            if (code instanceof ImageEditor) {
                ops.add("edit");
            }
            if (code instanceof ImageVariator) {
                ops.add("variation");
            }
            if (code instanceof ImageBatches) {
                ops.add("batch");
            }
            if (code instanceof ImageUtilities u) {
                u.operations().stream().filter(ImageSources.UTILITIES::contains).forEach(ops::add);
            }
            if (code instanceof VideoGenerator v) {
                ops.add("video");
                if (v.takesLastFrame()) {
                    ops.add("last-frame");
                }
                if (v.references() > 0) {
                    ops.add("references");
                }
                v.videoOperations().forEach(op -> ops.add("video-" + op));
            }
        }
        return declared;
    }

    /** One test's claim: its adapters and what it exercises, with where it is said. */
    record Claim(List<String> adapters, List<String> exercised, String where) {}

    /** Every {@link Exercises} of the provider tests, read from the compiled test classes. */
    static List<Claim> claims() throws IOException, URISyntaxException, ReflectiveOperationException {
        Path root = Path.of(CapabilityMatrixTest.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path providers = root.resolve("io/mediagate/routing/providers");
        List<Claim> claims = new ArrayList<>();
        List<Path> classes;
        try (Stream<Path> files = Files.walk(providers)) {
            classes = files.filter(f -> f.toString().endsWith(".class") && !f.getFileName().toString().contains("$")).sorted().toList();
        }
        for (Path file : classes) {
            String name = root.relativize(file).toString().replace(java.io.File.separatorChar, '.').replaceAll("\\.class$", "");
            Class<?> type = Class.forName(name, false, CapabilityMatrixTest.class.getClassLoader());
            Exercises onClass = type.getAnnotation(Exercises.class);
            List<String> adapters = onClass == null ? List.of() : List.of(onClass.adapters());
            if (onClass != null) {
                assertTrue(!adapters.isEmpty(), type.getSimpleName() + ": a class's @Exercises names its adapters");
                checkAdapter(type, adapters);
                claims.add(new Claim(adapters, List.of(onClass.value()), type.getSimpleName()));
            }
            for (Method method : type.getDeclaredMethods()) {
                Exercises onMethod = method.getAnnotation(Exercises.class);
                if (onMethod != null) {
                    assertTrue(onClass != null, type.getSimpleName() + "." + method.getName() + ": its class's @Exercises names the adapters");
                    assertEquals(0, onMethod.adapters().length, type.getSimpleName() + "." + method.getName() + ": a method's adapters are its class's");
                    claims.add(new Claim(adapters, List.of(onMethod.value()), type.getSimpleName() + "." + method.getName()));
                }
            }
        }
        return claims;
    }

    /** A conformance suite's adapter is one its annotation names. */
    private static void checkAdapter(Class<?> type, List<String> adapters) throws ReflectiveOperationException {
        if (!AdapterConformance.class.isAssignableFrom(type) || Modifier.isAbstract(type.getModifiers())) {
            return;
        }
        Constructor<?> constructor = type.getDeclaredConstructor();
        constructor.setAccessible(true);
        String adapter = ((AdapterConformance) constructor.newInstance()).adapterName();
        assertTrue(adapters.contains(adapter), type.getSimpleName() + " runs against " + adapter + " but says " + adapters);
    }

    @Test
    void everyOperationAnAdapterDoesIsExercisedAndTheMatrixSaysSo() throws Exception {
        Map<String, Set<String>> declared = declared();
        List<Claim> claims = claims();
        Map<String, Set<String>> shown = new TreeMap<>();
        Map<String, Set<String>> parameters = new TreeMap<>();
        List<String> wrong = new ArrayList<>();
        for (Claim claim : claims) {
            for (String adapter : claim.adapters()) {
                if (!declared.containsKey(adapter)) {
                    wrong.add(claim.where() + ": no adapter " + adapter);
                    continue;
                }
                for (String exercised : claim.exercised()) {
                    if (OPERATIONS.containsKey(exercised)) {
                        if (!EVIDENCE_ONLY.contains(exercised) && !declared.get(adapter).contains(exercised)) {
                            wrong.add(claim.where() + ": " + adapter + "'s code does no " + exercised);
                        }
                        shown.computeIfAbsent(adapter, a -> new TreeSet<>()).add(exercised);
                    } else {
                        parameters.computeIfAbsent(adapter, a -> new TreeSet<>()).add(exercised);
                    }
                }
            }
        }
        declared.forEach((adapter, ops) -> ops.stream().filter(op -> !shown.getOrDefault(adapter, Set.of()).contains(op))
                .forEach(op -> wrong.add(adapter + " does " + op + " and no test exercises it (@Exercises)")));
        assertEquals(List.of(), wrong);

        String matrix = matrix(declared.keySet(), shown, parameters);
        if (Boolean.getBoolean("mediagate.capabilities.write")) {
            Files.writeString(FILE, matrix, StandardCharsets.UTF_8);
        }
        assertEquals(matrix, Files.readString(FILE, StandardCharsets.UTF_8),
                "docs/capabilities.md is not what the tests exercise: ./mvnw -pl routing-service test -Dtest=CapabilityMatrixTest "
                        + "-Dmediagate.capabilities.write=true writes it");
    }

    static String matrix(Set<String> adapters, Map<String, Set<String>> shown, Map<String, Set<String>> parameters) {
        StringBuilder md = new StringBuilder();
        md.append("# Capabilities\n\n")
                .append("Which operation each provider adapter does, as its tests show it: written by `CapabilityMatrixTest`\n")
                .append("(routing-service) from the provider tests' `@Exercises` and nothing else, so it claims nothing a test does not\n")
                .append("exercise. A mark means a test sends that operation in the provider's own wire to a fake written from the\n")
                .append("provider's reference or SDK, and reads its answers (success, its errors, its async states where it has them). The\n")
                .append("build fails when an adapter's code does an operation no test exercises, and when this file is not what the tests\n")
                .append("say. Which models and offers use each adapter is `GET /v1/models` (an offer's `inputs`, a model's `operation` and\n")
                .append("`aspectRatios`); the offline `local` provider does every operation, each exercised by the system tests (`e2e`).\n\n")
                .append("Write it anew: `./mvnw -pl routing-service test -Dtest=CapabilityMatrixTest -Dmediagate.capabilities.write=true`.\n\n");
        md.append("| adapter |");
        OPERATIONS.values().forEach(heading -> md.append(' ').append(heading).append(" |"));
        md.append("\n|---|");
        OPERATIONS.keySet().forEach(op -> md.append("---|"));
        md.append('\n');
        for (String adapter : adapters) {
            md.append("| `").append(adapter).append("` |");
            for (String op : OPERATIONS.keySet()) {
                md.append(shown.getOrDefault(adapter, Set.of()).contains(op) ? " ✓ |" : "  |");
            }
            md.append('\n');
        }
        md.append("\n## Parameters\n\nWhat the tests check each adapter sends its provider for a request's field, beyond the operation itself.\n\n")
                .append("| adapter | parameters exercised |\n|---|---|\n");
        parameters.forEach((adapter, names) -> md.append("| `").append(adapter).append("` | ")
                .append(String.join(", ", names.stream().map(n -> "`" + n + "`").toList())).append(" |\n"));
        return md.toString();
    }
}
