package io.mediagate.routing.fetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import io.mediagate.common.api.ApiException;
import io.mediagate.testing.TestImages;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fetch rules against a real server on 127.0.0.1, which these tests treat as the one "public"
 * address; 127.0.0.2 stands for the private network behind it.
 */
class SafeFetchTest {
    private HttpServer server;
    private String base;
    private final byte[] png = TestImages.png(4, 4);
    @TempDir
    Path dir;

    @BeforeEach
    void start() throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        int port = server.getAddress().getPort();
        base = "http://127.0.0.1:" + port;
        server.createContext("/image.png", ex -> {
            ex.sendResponseHeaders(200, png.length);
            ex.getResponseBody().write(png);
            ex.close();
        });
        server.createContext("/to-private", ex -> {
            ex.getResponseHeaders().add("Location", "http://127.0.0.2:" + port + "/image.png");
            ex.sendResponseHeaders(302, -1);
            ex.close();
        });
        server.createContext("/to-image", ex -> {
            ex.getResponseHeaders().add("Location", "/image.png");
            ex.sendResponseHeaders(301, -1);
            ex.close();
        });
        server.createContext("/big", ex -> {
            ex.sendResponseHeaders(200, 0);
            byte[] chunk = new byte[64 * 1024];
            System.arraycopy(png, 0, chunk, 0, png.length);
            for (int i = 0; i < 64; i++) {
                ex.getResponseBody().write(chunk);
            }
            ex.close();
        });
        server.createContext("/text", ex -> {
            byte[] text = "<html>not an image</html>".getBytes();
            ex.sendResponseHeaders(200, text.length);
            ex.getResponseBody().write(text);
            ex.close();
        });
        server.start();
    }

    @AfterEach
    void stop() {
        server.stop(0);
    }

    private final SafeFetch fetch = new SafeFetch(true, a -> a.getHostAddress().equals("127.0.0.1"), Duration.ofSeconds(10));

    private ApiException refused(String url) {
        return assertThrows(ApiException.class, () -> fetch.fetch(url, "image_url", "image", 1024 * 1024, dir.resolve("f")));
    }

    @Test
    void fetchesAnImageAndFollowsARedirectThatStaysPublic() {
        SafeFetch.Fetched f = fetch.fetch(base + "/to-image", "image_url", "image", 1024 * 1024, dir.resolve("f"));
        assertEquals("image/png", f.mime());
        assertEquals(png.length, f.bytes());
    }

    @Test
    void aRedirectIntoThePrivateNetworkIsRefused() {
        ApiException e = refused(base + "/to-private");
        assertEquals("image_url", e.param());
        assertTrue(e.getMessage().contains("not public"), e.getMessage());
    }

    @Test
    void privateAddressesSizeAndTypeAreChecked() {
        assertTrue(refused(base.replace("127.0.0.1", "127.0.0.2") + "/image.png").getMessage().contains("not public"));
        assertTrue(refused(base + "/big").getMessage().contains("larger than"));
        assertTrue(refused(base + "/text").getMessage().contains("not a supported image"));
        assertTrue(refused("file:///etc/passwd").getMessage().contains("https"));
        assertTrue(refused("https://user:pass@example.com/x.png").getMessage().contains("https"));
    }

    @Test
    void theDefaultRulesRefuseLoopbackAndHttp() {
        SafeFetch strict = new SafeFetch(false, Duration.ofSeconds(5));
        assertThrows(ApiException.class, () -> strict.fetch(base + "/image.png", "video_url", "video", 1024, dir.resolve("g")));
        ApiException e = assertThrows(ApiException.class,
                () -> strict.fetch("https://127.0.0.1:1/x", "video_url", "video", 1024, dir.resolve("g")));
        assertTrue(e.getMessage().contains("not public"), e.getMessage());
        assertTrue(InetAddress.getLoopbackAddress().isLoopbackAddress());
    }
}
