package io.mediagate.gateway.idempotency;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * What makes two requests "the same" for an {@code Idempotency-Key}: the endpoint, the request's fields as parsed
 * (object members in name order, so key order and white space do not matter) and the contents of its files (not
 * their names, nor the multipart boundary, which clients draw anew for every attempt). SHA-256, hex.
 */
public final class Fingerprint {
    private final MessageDigest digest;

    private Fingerprint(String endpoint) {
        try {
            digest = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        text("endpoint", endpoint);
    }

    public static Fingerprint of(String endpoint) {
        return new Fingerprint(endpoint);
    }

    public Fingerprint fields(JsonNode fields) {
        text("fields", "");
        canonical(fields);
        return this;
    }

    /** A file sent under {@code name}, by its contents (the stream is read to its end and closed). */
    public Fingerprint file(String name, InputStream contents) {
        text("file", name);
        byte[] buffer = new byte[65536];
        try (InputStream in = contents) {
            for (int n; (n = in.read(buffer)) > 0; ) {
                digest.update(buffer, 0, n);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    public String hex() {
        return HexFormat.of().formatHex(digest.digest());
    }

    private void canonical(JsonNode node) {
        if (node == null || node.isMissingNode() || node.isNull()) {
            text("null", "");
        } else if (node.isObject()) {
            List<Map.Entry<String, JsonNode>> members = new ArrayList<>();
            node.properties().forEach(members::add);
            members.sort(Map.Entry.comparingByKey());
            text("{", String.valueOf(members.size()));
            for (Map.Entry<String, JsonNode> member : members) {
                text("name", member.getKey());
                canonical(member.getValue());
            }
        } else if (node.isArray()) {
            text("[", String.valueOf(node.size()));
            node.forEach(this::canonical);
        } else {
            text(node.getNodeType().name(), node.asText());
        }
    }

    /** A tagged, length-prefixed value, so no two different inputs feed the digest the same bytes. */
    private void text(String tag, String value) {
        byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
        digest.update(tag.getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
        digest.update(Integer.toString(bytes.length).getBytes(StandardCharsets.US_ASCII));
        digest.update((byte) 0);
        digest.update(bytes);
    }
}
