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
        server.setExecutor(java.util.concurrent.Executors.newCachedThreadPool());
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
        server.createContext("/logo.svg", ex -> {
            byte[] svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><script>alert(1)</script></svg>".getBytes();
            ex.getResponseHeaders().add("Content-Type", "image/svg+xml");
            ex.sendResponseHeaders(200, svg.length);
            ex.getResponseBody().write(svg);
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

    private static final java.util.function.Predicate<InetAddress> ONLY_127_0_0_1 = a -> a.getHostAddress().equals("127.0.0.1");
    private final SafeFetch fetch = new SafeFetch(PinnedHttp.standalone(InetAddress::getAllByName, 5000), true, ONLY_127_0_0_1,
            Duration.ofSeconds(10));

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
        // An SVG is a document that can carry script: never a caller's source image, whatever its server calls it.
        assertTrue(refused(base + "/logo.svg").getMessage().contains("not a supported image"));
        assertTrue(refused("file:///etc/passwd").getMessage().contains("https"));
        assertTrue(refused("https://user:pass@example.com/x.png").getMessage().contains("https"));
    }

    /**
     * DNS rebinding: the name answers the checked address once, then the private one. The fetch must
     * connect to the address it checked, never look the name up again; a second server on the private
     * address would answer with text, which the fetch would refuse.
     */
    @Test
    void theConnectionGoesToTheAddressThatWasCheckedNotToASecondLookup() throws Exception {
        int port = server.getAddress().getPort();
        HttpServer inside = HttpServer.create(new InetSocketAddress("127.0.0.2", port), 0);
        inside.createContext("/", ex -> {
            byte[] secret = "internal metadata".getBytes();
            ex.sendResponseHeaders(200, secret.length);
            ex.getResponseBody().write(secret);
            ex.close();
        });
        inside.start();
        try {
            java.util.concurrent.atomic.AtomicInteger lookups = new java.util.concurrent.atomic.AtomicInteger();
            PinnedHttp.Resolver rebinding = host -> new InetAddress[] {
                    InetAddress.getByName(lookups.getAndIncrement() == 0 ? "127.0.0.1" : "127.0.0.2")};
            SafeFetch pinned = new SafeFetch(PinnedHttp.standalone(rebinding, 5000), true, ONLY_127_0_0_1, Duration.ofSeconds(10));
            SafeFetch.Fetched f = pinned.fetch("http://images.example:" + port + "/image.png", "image_url", "image", 1024 * 1024,
                    dir.resolve("r"));
            assertEquals("image/png", f.mime());
            assertEquals(png.length, f.bytes());
            assertEquals(1, lookups.get(), "the name is resolved once per hop");
        } finally {
            inside.stop(0);
        }
    }

    @Test
    void theHostIsSentInTheHostHeaderWhileConnectingToTheAddress() throws Exception {
        java.util.concurrent.atomic.AtomicReference<String> host = new java.util.concurrent.atomic.AtomicReference<>();
        server.createContext("/host", ex -> {
            host.set(ex.getRequestHeaders().getFirst("Host"));
            ex.sendResponseHeaders(200, png.length);
            ex.getResponseBody().write(png);
            ex.close();
        });
        int port = server.getAddress().getPort();
        SafeFetch named = new SafeFetch(PinnedHttp.standalone(h -> new InetAddress[] {InetAddress.getByName("127.0.0.1")}, 5000),
                true, ONLY_127_0_0_1, Duration.ofSeconds(10));
        named.fetch("http://cdn.example:" + port + "/host", "image_url", "image", 1024 * 1024, dir.resolve("h"));
        assertEquals("cdn.example:" + port, host.get());
    }

    @Test
    void aServerThatStallsIsCutAtTheDeadline() {
        server.createContext("/stall", ex -> {
            ex.sendResponseHeaders(200, 0);
            ex.getResponseBody().write(png, 0, 8);
            ex.getResponseBody().flush();
            try {
                Thread.sleep(5000);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
            ex.close();
        });
        SafeFetch quick = new SafeFetch(PinnedHttp.standalone(InetAddress::getAllByName, 5000), true, ONLY_127_0_0_1,
                Duration.ofSeconds(1));
        ApiException e = assertThrows(ApiException.class,
                () -> quick.fetch(base + "/stall", "image_url", "image", 1024 * 1024, dir.resolve("s")));
        assertTrue(e.getMessage().contains("too long"), e.getMessage());
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
