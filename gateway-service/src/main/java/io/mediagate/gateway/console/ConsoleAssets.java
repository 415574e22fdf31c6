package io.mediagate.gateway.console;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * The web console's files, read once from the classpath and each published under a name that carries its
 * content hash ({@code app.3f9a1c2b7d.js}), so browsers may keep them for good: a changed file is a new name.
 * The page itself ({@link #page()}) is the only file without a hash; it names the others through an import
 * map (the console's modules import each other by bare name, {@code console/api}) and {@code meta} tags
 * (the vendor libraries, loaded by the pages that need them).
 */
final class ConsoleAssets {
    /** The console's own modules, in {@code console/<name>.js}. */
    static final List<String> MODULES = List.of("api", "ui", "app", "playground", "player", "gallery", "detail",
            "credentials", "upload", "batches", "usage", "models", "admin");
    private static final List<Vendor> VENDORS = List.of(
            new Vendor("chart", "chart.js", "dist/chart.umd.min.js"),
            new Vendor("hls", "hls.js", "dist/hls.min.js"));

    /** A vendor library: its name on the page, its WebJar (org.webjars.npm) and the file inside its version folder. */
    private record Vendor(String name, String artifact, String file) {}

    record Asset(String name, String contentType, byte[] body) {}

    private final Map<String, Asset> byHashedName = new LinkedHashMap<>();
    private final String page;
    private final String importMapHash;

    ConsoleAssets(ClassLoader loader, ObjectMapper json) {
        Map<String, String> imports = new LinkedHashMap<>();
        for (String module : MODULES) {
            imports.put("console/" + module, "/console/assets/" + publish(module, "js", "text/javascript; charset=utf-8",
                    read(loader, "console/" + module + ".js")));
        }
        String style = publish("style", "css", "text/css; charset=utf-8", read(loader, "console/style.css"));
        StringBuilder vendors = new StringBuilder();
        for (Vendor v : VENDORS) {
            String name = publish(v.name(), "js", "text/javascript; charset=utf-8", read(loader,
                    "META-INF/resources/webjars/" + v.artifact() + "/" + webJarVersion(loader, v.artifact()) + "/" + v.file()));
            vendors.append("<meta name=\"vendor:").append(v.name()).append("\" content=\"/console/assets/").append(name).append("\">\n");
        }
        String map;
        try {
            map = json.writeValueAsString(Map.of("imports", imports));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        importMapHash = Base64.getEncoder().encodeToString(sha256(map.getBytes(StandardCharsets.UTF_8)));
        page = new String(read(loader, "console/index.html"), StandardCharsets.UTF_8)
                .replace("{{style}}", "/console/assets/" + style)
                .replace("{{vendors}}", vendors.toString().strip())
                .replace("{{importmap}}", map)
                .replace("{{app}}", imports.get("console/app"));
    }

    /** The console page (not cached: it names the current assets). */
    String page() {
        return page;
    }

    /** The SHA-256 of the inline import map, for the page's Content-Security-Policy. */
    String importMapHash() {
        return importMapHash;
    }

    Optional<Asset> asset(String hashedName) {
        return Optional.ofNullable(byHashedName.get(hashedName));
    }

    private String publish(String name, String extension, String contentType, byte[] body) {
        String hashed = name + "." + HexFormat.of().formatHex(sha256(body), 0, 5) + "." + extension;
        byHashedName.put(hashed, new Asset(hashed, contentType, body));
        return hashed;
    }

    private static String webJarVersion(ClassLoader loader, String artifact) {
        Properties p = new Properties();
        try (InputStream in = loader.getResourceAsStream("META-INF/maven/org.webjars.npm/" + artifact + "/pom.properties")) {
            if (in == null) {
                throw new IllegalStateException("the WebJar " + artifact + " is not on the classpath");
            }
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p.getProperty("version");
    }

    private static byte[] read(ClassLoader loader, String path) {
        try (InputStream in = loader.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("the console file " + path + " is missing");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
