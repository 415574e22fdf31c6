package io.mediagate.common.webhooks;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Webhook signing per Standard Webhooks. Each account's secret ({@code whsec_…}) is derived from the
 * suite's webhook master key and the account id, so the gateway (which shows it to the owner) and
 * routing (which signs deliveries) agree without ever sending it around. A new master key gives every
 * account a new secret.
 */
public final class WebhookSigning {
    public static final String PREFIX = "whsec_";

    private WebhookSigning() {
    }

    /** Reads the master key file ({@code webhook-master.key}: base64 of at least 32 bytes). */
    public static byte[] readMaster(Path file) {
        try {
            byte[] master = Base64.getDecoder().decode(Files.readString(file, StandardCharsets.US_ASCII).strip());
            if (master.length < 32) {
                throw new IllegalStateException(file + " must hold at least 32 bytes");
            }
            return master;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the webhook master key " + file, e);
        }
    }

    /** The account's signing secret. */
    public static String secret(byte[] master, String accountId) {
        return PREFIX + Base64.getEncoder().encodeToString(hmac(master, "mediagate-webhook-secret:" + accountId));
    }

    /** The {@code webhook-signature} header value for one message. */
    public static String signature(String secret, String messageId, long timestampSeconds, String body) {
        byte[] key = Base64.getDecoder().decode(secret.startsWith(PREFIX) ? secret.substring(PREFIX.length()) : secret);
        return "v1," + Base64.getEncoder().encodeToString(hmac(key, messageId + "." + timestampSeconds + "." + body));
    }

    private static byte[] hmac(byte[] key, String content) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(content.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException(e);
        }
    }
}
