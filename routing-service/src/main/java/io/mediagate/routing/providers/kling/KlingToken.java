package io.mediagate.routing.providers.kling;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The bearer token Kling's API takes: a JWT (HS256) whose issuer is the access key, signed with the secret key,
 * valid from 5 s before {@code now} for 30 minutes, as Kling's authentication guide describes.
 */
final class KlingToken {
    static final long LIFETIME_SECONDS = 1800;
    private static final Base64.Encoder URL = Base64.getUrlEncoder().withoutPadding();

    private KlingToken() {
    }

    static String sign(String accessKey, String secretKey, Instant now) {
        String header = URL.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        long at = now.getEpochSecond();
        String claims = "{\"iss\":" + quoted(accessKey) + ",\"exp\":" + (at + LIFETIME_SECONDS) + ",\"nbf\":" + (at - 5) + "}";
        String signed = header + "." + URL.encodeToString(claims.getBytes(StandardCharsets.UTF_8));
        return signed + "." + URL.encodeToString(hmac(secretKey, signed));
    }

    private static byte[] hmac(String secretKey, String content) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secretKey.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(content.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    /** A JSON string literal; access keys are plain ASCII, but quotes and backslashes are escaped anyway. */
    private static String quoted(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : value.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
