package io.mediagate.common.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import org.junit.jupiter.api.Test;

class WebhookSigningTest {
    @Test
    void signsTheStandardWebhooksExampleAsTheSpecificationDoes() {
        assertEquals("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", WebhookSigning.signature(
                "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330L,
                "{\"test\": 2432232314}"));
    }

    @Test
    void eachAccountGetsItsOwnStableSecret() {
        byte[] master = new byte[32];
        for (int i = 0; i < master.length; i++) {
            master[i] = (byte) i;
        }
        // Cross-checked with Python's hmac module.
        assertEquals("whsec_w678FVYviTRFx4GG9FzyMTOehX12IsToNB/h7dps+KE=", WebhookSigning.secret(master, "usr_abc"));
        assertNotEquals(WebhookSigning.secret(master, "usr_abc"), WebhookSigning.secret(master, "usr_abd"));
    }
}
