package io.mediagate.ffmpeg;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Enumeration;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Unpacks the ffmpeg and ffprobe programs (and their shared libraries) that the
 * {@code org.bytedeco:ffmpeg:*:linux-x86_64-gpl} artifact carries, once per artifact version, into a
 * cache directory. Several processes may race to unpack: each writes a private directory and the
 * first to rename it into place wins.
 */
final class BundledFfmpeg {
    static final String PREFIX = "org/bytedeco/ffmpeg/linux-x86_64-gpl/";

    private BundledFfmpeg() {
    }

    /** The directory holding {@code ffmpeg}, {@code ffprobe} and their libraries. */
    static Path unpack(Path cacheRoot) {
        URL program = BundledFfmpeg.class.getClassLoader().getResource(PREFIX + "ffmpeg");
        if (program == null) {
            throw new FfmpegException("no ffmpeg found: set MEDIAGATE_FFMPEG to a system ffmpeg, or put "
                    + "org.bytedeco:ffmpeg:linux-x86_64-gpl on the class path", false);
        }
        Path jar = jarOf(program);
        Path target = cacheRoot.resolve(jar.getFileName().toString().replace(".jar", ""));
        if (Files.isExecutable(target.resolve("ffmpeg")) && Files.isExecutable(target.resolve("ffprobe"))) {
            return target;
        }
        try {
            Files.createDirectories(cacheRoot);
            Path scratch = Files.createTempDirectory(cacheRoot, ".unpack-");
            try (JarFile file = new JarFile(jar.toFile())) {
                Enumeration<JarEntry> entries = file.entries();
                while (entries.hasMoreElements()) {
                    JarEntry entry = entries.nextElement();
                    String name = entry.getName();
                    if (entry.isDirectory() || !name.startsWith(PREFIX) || name.contains("/jni") || name.endsWith(".h")
                            || name.substring(PREFIX.length()).contains("/")) {
                        continue;
                    }
                    Path out = scratch.resolve(name.substring(PREFIX.length()));
                    try (InputStream in = file.getInputStream(entry)) {
                        Files.copy(in, out);
                    }
                    out.toFile().setExecutable(true, true);
                }
            }
            try {
                Files.move(scratch, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException | java.nio.file.DirectoryNotEmptyException e) {
                Scratch.delete(scratch);
            }
            return target;
        } catch (IOException e) {
            throw new FfmpegException("cannot unpack ffmpeg into " + cacheRoot + ": " + e.getMessage(), e);
        }
    }

    private static Path jarOf(URL resource) {
        String url = resource.toString();
        int bang = url.indexOf("!/");
        if (!url.startsWith("jar:file:") || bang < 0) {
            throw new FfmpegException("ffmpeg is on the class path but not inside a jar (" + url
                    + "); set MEDIAGATE_FFMPEG to a system ffmpeg", false);
        }
        return Path.of(URLDecoder.decode(url.substring("jar:file:".length(), bang), StandardCharsets.UTF_8));
    }
}
