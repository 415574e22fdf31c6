package io.mediagate.media.storage;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * AWS Signature Version 4 in the {@code Authorization} header, for the one request media-service makes on
 * every stored image (a PUT of an object, path-style). The SDK's signer builds a whole request pipeline per
 * call; this is the documented algorithm alone: canonical request, string to sign, a signing key derived
 * once per day. Bodies are sent as {@code UNSIGNED-PAYLOAD}: the store checks the signature and the length.
 */
final class SigV4 {
    static final String UNSIGNED_PAYLOAD = "UNSIGNED-PAYLOAD";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
    private static final HexFormat HEX = HexFormat.of();
    private final String accessKey;
    private final String secretKey;
    private final String region;
    private final String service;
    private volatile DayKey dayKey;

    private record DayKey(String day, byte[] key) {}

    /** A request ready to send: its URI and the headers to add (the client sets {@code Host} itself). */
    record Signed(URI uri, Map<String, String> headers) {}

    SigV4(String accessKey, String secretKey, String region, String service) {
        this.accessKey = accessKey;
        this.secretKey = secretKey;
        this.region = region;
        this.service = service;
    }

    /** Signs a PUT of {@code bucket/key} at {@code endpoint} (scheme, host, port, optional base path). */
    Signed put(URI endpoint, String bucket, String key, Instant now) {
        String path = basePath(endpoint) + "/" + encode(bucket) + "/" + encodePath(key);
        URI uri = URI.create(endpoint.getScheme() + "://" + endpoint.getRawAuthority() + path);
        SortedMap<String, String> headers = new TreeMap<>();
        headers.put("host", hostHeader(uri));
        headers.put("x-amz-content-sha256", UNSIGNED_PAYLOAD);
        headers.put("x-amz-date", STAMP.format(now));
        String authorization = authorization("PUT", path, "", headers, UNSIGNED_PAYLOAD);
        Map<String, String> send = new LinkedHashMap<>();
        send.put("x-amz-content-sha256", UNSIGNED_PAYLOAD);
        send.put("x-amz-date", headers.get("x-amz-date"));
        send.put("Authorization", authorization);
        return new Signed(uri, send);
    }

    /**
     * The {@code Authorization} value for a request: {@code headers} are the signed ones, lower-case names,
     * including {@code host} and {@code x-amz-date}; {@code path} is already URI-encoded.
     */
    String authorization(String method, String path, String canonicalQuery, SortedMap<String, String> headers, String payloadHash) {
        String stamp = headers.get("x-amz-date");
        String day = stamp.substring(0, 8);
        StringBuilder canonical = new StringBuilder(256).append(method).append('\n').append(path).append('\n')
                .append(canonicalQuery).append('\n');
        headers.forEach((name, value) -> canonical.append(name).append(':').append(value.strip()).append('\n'));
        String signedHeaders = String.join(";", headers.keySet());
        canonical.append('\n').append(signedHeaders).append('\n').append(payloadHash);
        String scope = day + "/" + region + "/" + service + "/aws4_request";
        String toSign = "AWS4-HMAC-SHA256\n" + stamp + "\n" + scope + "\n" + HEX.formatHex(sha256(canonical.toString()));
        String signature = HEX.formatHex(hmac(signingKey(day), toSign));
        return "AWS4-HMAC-SHA256 Credential=" + accessKey + "/" + scope + ",SignedHeaders=" + signedHeaders
                + ",Signature=" + signature;
    }

    private byte[] signingKey(String day) {
        DayKey current = dayKey;
        if (current == null || !current.day().equals(day)) {
            byte[] key = hmac(("AWS4" + secretKey).getBytes(StandardCharsets.UTF_8), day);
            key = hmac(key, region);
            key = hmac(key, service);
            current = new DayKey(day, hmac(key, "aws4_request"));
            dayKey = current;
        }
        return current.key();
    }

    /** What the JDK client sends as {@code Host}: the port only when it is not the scheme's default. */
    static String hostHeader(URI uri) {
        int port = uri.getPort();
        boolean standard = port == -1 || ("https".equalsIgnoreCase(uri.getScheme()) ? port == 443 : port == 80);
        return standard ? uri.getHost() : uri.getHost() + ":" + port;
    }

    private static String basePath(URI endpoint) {
        String raw = endpoint.getRawPath() == null ? "" : endpoint.getRawPath();
        return raw.endsWith("/") ? raw.substring(0, raw.length() - 1) : raw;
    }

    /** Each segment encoded, the slashes between them kept. */
    static String encodePath(String key) {
        return Arrays.stream(key.split("/", -1)).map(SigV4::encode).collect(Collectors.joining("/"));
    }

    /** RFC 3986 encoding as SigV4 asks: unreserved characters as they are, every other byte as %XX. */
    static String encode(String value) {
        StringBuilder out = new StringBuilder(value.length());
        for (byte b : value.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_' || c == '.' || c == '~') {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
        }
        return out.toString();
    }

    private static byte[] sha256(String value) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(value.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] hmac(byte[] key, String data) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
