package io.mediagate.routing.webhooks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.mediagate.routing.fetch.PinnedHttp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WebhookSenderTest {
    @TempDir
    Path dir;

    private String attempt(String url) throws Exception {
        Path master = dir.resolve("webhook-master.key");
        Files.writeString(master, Base64.getEncoder().encodeToString(new byte[32]));
        WebhookSender sender = new WebhookSender(PinnedHttp.standalone(java.net.InetAddress::getAllByName, 2000), master, false,
                Clock.systemUTC());
        WebhookDelivery d = new WebhookDelivery();
        d.id = "msg_test";
        d.userId = "usr_test";
        d.url = url;
        d.payload = "{}";
        return sender.send(d);
    }

    @Test
    void neverDeliversToLoopbackPrivateOrMetadataAddresses() throws Exception {
        assertEquals("webhook URLs must be https", attempt("http://example.com/hook"));
        for (String url : new String[] {"https://127.0.0.1/hook", "https://localhost/hook", "https://10.1.2.3/hook",
                "https://169.254.169.254/latest/meta-data", "https://[::1]/hook", "https://192.168.0.10:8443/hook",
                "https://[::ffff:127.0.0.1]/hook"}) {
            assertEquals("the webhook URL points at an address that is not public", attempt(url), url);
        }
    }
}
