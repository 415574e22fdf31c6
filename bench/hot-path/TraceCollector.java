import com.sun.net.httpserver.HttpServer;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/**
 * Where a sequential request's time goes, from the spans the suite exports (MEDIAGATE_OTLP_ENDPOINT).
 * {@code serve <port> <spans.tsv>}: an OTLP/HTTP trace receiver writing one line per span (trace, service,
 * name, start and end in ns); it reads the protobuf wire format by hand, so it needs nothing but the JDK.
 * {@code report <spans.tsv> <n>}: for the last n traces of {@code POST /v1/images/generations}, the median
 * start and end of every span, in ms from the moment the gateway took the request.
 */
public class TraceCollector {
    private static final String ROOT = "POST /v1/images/generations";

    public static void main(String[] args) throws Exception {
        if (args[0].equals("serve")) {
            serve(Integer.parseInt(args[1]), Path.of(args[2]));
        } else {
            report(Path.of(args[1]), Integer.parseInt(args[2]));
        }
    }

    private static void serve(int port, Path file) throws IOException {
        PrintStream out = new PrintStream(new FileOutputStream(file.toFile(), true), true, StandardCharsets.UTF_8);
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/", exchange -> {
            try (exchange) {
                InputStream body = exchange.getRequestBody();
                if ("gzip".equalsIgnoreCase(exchange.getRequestHeaders().getFirst("Content-Encoding"))) {
                    body = new GZIPInputStream(body);
                }
                List<String> lines = new ArrayList<>();
                for (Wire resourceSpans : new Wire(body.readAllBytes()).messages(1)) {
                    String service = "?";
                    for (Wire resource : resourceSpans.messages(1)) {
                        for (Wire attribute : resource.messages(1)) {
                            if ("service.name".equals(attribute.string(1))) {
                                service = attribute.messages(2).getFirst().string(1);
                            }
                        }
                    }
                    for (Wire scopeSpans : resourceSpans.messages(2)) {
                        for (Wire span : scopeSpans.messages(2)) {
                            lines.add(HexFormat.of().formatHex(span.bytes(1)) + '\t' + service + '\t' + span.string(5)
                                    + '\t' + span.fixed64(7) + '\t' + span.fixed64(8));
                        }
                    }
                }
                synchronized (out) {
                    lines.forEach(out::println);
                }
                exchange.getResponseHeaders().set("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, -1);
            } catch (RuntimeException e) {
                exchange.sendResponseHeaders(400, -1);
            }
        });
        server.start();
        System.out.println("ready " + server.getAddress().getPort());
    }

    private record Span(String service, String name, long start, long end) {}

    private static void report(Path file, int n) throws IOException {
        Map<String, List<Span>> traces = new HashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\t");
            if (f.length == 5) {
                traces.computeIfAbsent(f[0], k -> new ArrayList<>()).add(new Span(f[1], f[2], Long.parseLong(f[3]), Long.parseLong(f[4])));
            }
        }
        List<List<Span>> all = traces.values().stream()
                .filter(spans -> spans.stream().anyMatch(s -> s.name().equals(ROOT)))
                .sorted(Comparator.comparingLong(spans -> root(spans).start())).toList();
        List<List<Span>> requests = all.subList(Math.max(0, all.size() - n), all.size());
        Map<String, List<double[]>> offsets = new HashMap<>();
        for (List<Span> spans : requests) {
            long zero = root(spans).start();
            Map<String, Integer> seen = new HashMap<>();
            spans.stream().sorted(Comparator.comparingLong(Span::start)).forEach(s -> {
                String key = s.service() + "  " + s.name();
                int k = seen.merge(key, 1, Integer::sum);
                offsets.computeIfAbsent(k == 1 ? key : key + " (" + k + ")", x -> new ArrayList<>())
                        .add(new double[] {(s.start() - zero) / 1e6, (s.end() - zero) / 1e6});
            });
        }
        System.out.printf("median of %d sequential requests, ms from the gateway taking the request:%n", requests.size());
        offsets.entrySet().stream().filter(e -> e.getValue().size() >= requests.size() / 2)
                .map(e -> new Object[] {median(e.getValue(), 0), median(e.getValue(), 1), e.getKey()})
                .sorted(Comparator.comparingDouble(o -> (double) o[0]))
                .forEach(o -> System.out.printf("  %8.2f %8.2f  %s%n", o[0], o[1], o[2]));
    }

    private static Span root(List<Span> spans) {
        return spans.stream().filter(s -> s.name().equals(ROOT)).findFirst().orElseThrow();
    }

    private static double median(List<double[]> values, int i) {
        double[] sorted = values.stream().mapToDouble(v -> v[i]).sorted().toArray();
        return sorted[sorted.length / 2];
    }

    /** One protobuf message: its fields read by number (wire types 0, 1, 2 and 5). */
    private record Wire(byte[] data) {
        List<Wire> messages(int field) {
            return raw(field).stream().map(Wire::new).toList();
        }

        String string(int field) {
            List<byte[]> values = raw(field);
            return values.isEmpty() ? "" : new String(values.getFirst(), StandardCharsets.UTF_8);
        }

        byte[] bytes(int field) {
            List<byte[]> values = raw(field);
            return values.isEmpty() ? new byte[0] : values.getFirst();
        }

        long fixed64(int field) {
            byte[] value = bytes(field);
            long result = 0;
            for (int i = value.length - 1; i >= 0; i--) {
                result = (result << 8) | (value[i] & 0xFF);
            }
            return result;
        }

        /** The raw values of {@code field}: a length-delimited value's bytes, a fixed64's eight bytes. */
        private List<byte[]> raw(int field) {
            List<byte[]> values = new ArrayList<>();
            int[] at = {0};
            while (at[0] < data.length) {
                long tag = varint(at);
                int type = (int) (tag & 7);
                int number = (int) (tag >>> 3);
                int length = switch (type) {
                    case 0 -> {
                        varint(at);
                        yield -1;
                    }
                    case 1 -> 8;
                    case 2 -> (int) varint(at);
                    case 5 -> 4;
                    default -> throw new IllegalArgumentException("wire type " + type);
                };
                if (length >= 0) {
                    if (number == field) {
                        values.add(Arrays.copyOfRange(data, at[0], at[0] + length));
                    }
                    at[0] += length;
                }
            }
            return values;
        }

        private long varint(int[] at) {
            long result = 0;
            for (int shift = 0; shift < 64; shift += 7) {
                byte b = data[at[0]++];
                result |= (long) (b & 0x7F) << shift;
                if (b >= 0) {
                    return result;
                }
            }
            throw new IllegalArgumentException("varint too long");
        }
    }
}
