package io.mediagate.routing.providers.conformance;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A {@code multipart/form-data} body as a fake upstream reads it: parts by field name, in order. */
public final class FormParts {
    private static final Pattern BOUNDARY = Pattern.compile("boundary=\"?([^\";]+)\"?");
    private static final Pattern NAME = Pattern.compile("name=\"([^\"]*)\"");
    private static final Pattern FILE_NAME = Pattern.compile("filename=\"([^\"]*)\"");
    private final Map<String, List<Part>> parts;

    /** One part: a text field ({@code fileName} null) or a file. */
    public record Part(String name, String fileName, String contentType, byte[] bytes) {
        public String text() {
            return new String(bytes, StandardCharsets.UTF_8);
        }
    }

    private FormParts(Map<String, List<Part>> parts) {
        this.parts = parts;
    }

    /** Parses {@code body} sent with {@code contentType}; anything that is not a form reads as empty. */
    public static FormParts parse(String contentType, byte[] body) {
        Map<String, List<Part>> parts = new LinkedHashMap<>();
        Matcher b = contentType == null ? null : BOUNDARY.matcher(contentType);
        if (b == null || !contentType.startsWith("multipart/form-data") || !b.find()) {
            return new FormParts(parts);
        }
        byte[] delimiter = ("--" + b.group(1)).getBytes(StandardCharsets.ISO_8859_1);
        int at = indexOf(body, delimiter, 0);
        while (at >= 0) {
            int start = at + delimiter.length;
            if (start + 2 <= body.length && body[start] == '-' && body[start + 1] == '-') {
                break;
            }
            start += 2;
            int headersEnd = indexOf(body, "\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1), start);
            int next = indexOf(body, delimiter, headersEnd);
            if (headersEnd < 0 || next < 0) {
                break;
            }
            String headers = new String(body, start, headersEnd - start, StandardCharsets.UTF_8);
            byte[] content = java.util.Arrays.copyOfRange(body, headersEnd + 4, next - 2);
            Matcher name = NAME.matcher(headers);
            Matcher file = FILE_NAME.matcher(headers);
            String type = headers.lines().filter(l -> l.toLowerCase().startsWith("content-type:"))
                    .map(l -> l.substring(13).trim()).findFirst().orElse(null);
            if (name.find()) {
                parts.computeIfAbsent(name.group(1), k -> new ArrayList<>())
                        .add(new Part(name.group(1), file.find() ? file.group(1) : null, type, content));
            }
            at = next;
        }
        return new FormParts(parts);
    }

    public List<Part> all(String name) {
        return parts.getOrDefault(name, List.of());
    }

    /** The text of field {@code name}, or {@code fallback}. */
    public String text(String name, String fallback) {
        List<Part> found = all(name);
        return found.isEmpty() ? fallback : found.getFirst().text();
    }

    private static int indexOf(byte[] haystack, byte[] needle, int from) {
        outer:
        for (int i = Math.max(0, from); i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
