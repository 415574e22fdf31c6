import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * The benchmark's upstream: an OpenAI-compatible {@code POST /v1/images/generations} that answers one fixed
 * 256x256 PNG (random pixels, so it does not compress: about 250 KB) as {@code b64_json} for every image
 * asked. A model name ending in {@code -delay<ms>} (e.g. {@code bench-delay3000}) answers after that long.
 * Run: {@code java FakeUpstream.java PORT}; prints "ready <port> <png bytes>" once listening.
 */
public class FakeUpstream {
    private static final Pattern DELAY = Pattern.compile("-delay(\\d{1,6})\"");
    private static final Pattern N = Pattern.compile("\"n\"\\s*:\\s*(\\d{1,2})");

    public static void main(String[] args) throws IOException {
        int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        byte[] png = png(256, 256);
        String item = "{\"b64_json\":\"" + Base64.getEncoder().encodeToString(png) + "\",\"revised_prompt\":null}";
        byte[][] answers = new byte[11][];
        for (int n = 1; n <= 10; n++) { // one answer per image count, made once: a burst allocates nothing per request
            answers[n] = ("{\"created\":" + System.currentTimeMillis() / 1000 + ",\"data\":["
                    + String.join(",", java.util.Collections.nCopies(n, item)) + "]}").getBytes(StandardCharsets.UTF_8);
        }
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 4096);
        server.setExecutor(Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/v1/images/generations", ex -> answer(ex, answers));
        server.start();
        System.out.println("ready " + server.getAddress().getPort() + " " + png.length);
        System.out.flush();
    }

    private static void answer(HttpExchange ex, byte[][] answers) throws IOException {
        String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
        Matcher delay = DELAY.matcher(body);
        if (delay.find()) {
            try {
                Thread.sleep(Long.parseLong(delay.group(1)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Matcher n = N.matcher(body);
        byte[] bytes = answers[n.find() ? Math.max(1, Math.min(10, Integer.parseInt(n.group(1)))) : 1];
        ex.getResponseHeaders().add("Content-Type", "application/json");
        ex.sendResponseHeaders(200, bytes.length);
        try (OutputStream o = ex.getResponseBody()) {
            o.write(bytes);
        }
    }

    private static byte[] png(int width, int height) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_INT_ARGB);
        Random random = new Random(42);
        for (int y = 0; y < height; y++) {
            for (int x = 0; x < width; x++) {
                image.setRGB(x, y, 0xFF000000 | random.nextInt(0x1000000));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ImageIO.write(image, "png", out);
        return out.toByteArray();
    }
}
