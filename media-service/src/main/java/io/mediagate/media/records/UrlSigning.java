package io.mediagate.media.records;

import io.mediagate.common.webhooks.WebhookSigning;
import jakarta.inject.Singleton;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Signed, expiring addresses of private files: {@code ?expires=<unix seconds>&signature=<HMAC-SHA256 of
 * path and expiry>} with the key in {@code url-signing.key}. Only their owner is ever given one.
 */
@Singleton
public class UrlSigning {
    private final byte[] key;
    private final Duration lifetime;

    UrlSigning(@ConfigProperty(name = "mediagate.media.url-signing-key-location") Path keyFile,
               @ConfigProperty(name = "mediagate.media.signed-url-lifetime", defaultValue = "1h") Duration lifetime) {
        this.key = WebhookSigning.readMaster(keyFile);
        this.lifetime = lifetime;
    }

    /** What one signature covers: every file of one media item. */
    public static String scope(String mediaId) {
        return "/files/" + mediaId;
    }

    public Duration lifetime() {
        return lifetime;
    }

    /** The query string that makes the files under {@code path} (a {@link #scope}) readable until {@code expires}. */
    public String query(String path, long expires) {
        return "expires=" + expires + "&signature=" + sign(path, expires);
    }

    public boolean valid(String path, String expires, String signature, long nowSeconds) {
        if (expires == null || signature == null || !expires.matches("[0-9]{1,12}")) {
            return false;
        }
        long until = Long.parseLong(expires);
        return until >= nowSeconds && MessageDigest.isEqual(sign(path, until).getBytes(StandardCharsets.US_ASCII),
                signature.getBytes(StandardCharsets.US_ASCII));
    }

    private String sign(String path, long expires) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(mac.doFinal((path + "\n" + expires).getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException(e);
        }
    }
}
