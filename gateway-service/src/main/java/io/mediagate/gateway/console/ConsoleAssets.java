package io.mediagate.gateway.console;

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
            "upload", "usage", "models", "admin");
    /** Vendor libraries from their WebJars: name, WebJar artifact, file inside its version folder. */
    private static final List<List<String>> VENDOR = List.of(
            List.of("chart", "chart.js", "dist/chart.umd.min.js"),
            List.of("hls", "hls.js", "dist/hls.min.js"));

    record Asset(String name, String contentType, byte[] body) {}

    private final Map<String, Asset> byHashedName = new LinkedHashMap<>();
    private final String page;
    private final String importMapHash;

    ConsoleAssets(ClassLoader loader) {
        Map<String, String> imports = new LinkedHashMap<>();
        for (String module : MODULES) {
            imports.put("console/" + module, "/console/assets/" + publish(module, "js", "text/javascript; charset=utf-8",
                    read(loader, "console/" + module + ".js")));
        }
        String style = publish("style", "css", "text/css; charset=utf-8", read(loader, "console/style.css"));
        StringBuilder vendors = new StringBuilder();
        for (List<String> v : VENDOR) {
            String version = webJarVersion(loader, v.get(1));
            String name = publish(v.get(0), "js", "text/javascript; charset=utf-8",
                    read(loader, "META-INF/resources/webjars/" + v.get(1) + "/" + version + "/" + v.get(2)));
            vendors.append("<meta name=\"vendor:").append(v.get(0)).append("\" content=\"/console/assets/").append(name).append("\">\n");
        }
        StringBuilder map = new StringBuilder("{\"imports\":{");
        imports.forEach((k, v) -> map.append('"').append(k).append("\":\"").append(v).append("\","));
        map.setLength(map.length() - 1);
        map.append("}}");
        importMapHash = Base64.getEncoder().encodeToString(sha256(map.toString().getBytes(StandardCharsets.UTF_8)));
        page = new String(read(loader, "console/index.html"), StandardCharsets.UTF_8)
                .replace("{{style}}", "/console/assets/" + style)
                .replace("{{vendors}}", vendors.toString().strip())
                .replace("{{importmap}}", map.toString())
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
