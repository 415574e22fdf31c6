import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

/**
 * Load for bench/hot-path.sh: POSTs one JSON body to one URL and prints one line of figures.
 *   java Load.java seq   URL BODY N [Header:Value ...]          N requests one after another (after 50 unmeasured): p50/p99
 *   java Load.java conc  URL BODY C SECONDS [Header:Value ...]  C callers for SECONDS (after 10 unmeasured each): ok/s, p50/p99
 *   java Load.java burst URL BODY N [Header:Value ...]          N requests at once: count of each status, wall time
 * Every line ends with the count of each status seen, so a run that failed cannot pass for a fast one.
 */
public class Load {
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(30)).executor(Executors.newVirtualThreadPerTaskExecutor()).build();

    public static void main(String[] args) throws Exception {
        String mode = args[0];
        String url = args[1];
        String body = args[2];
        int headersFrom = mode.equals("conc") ? 5 : 4;
        List<String> headers = new ArrayList<>();
        for (int i = headersFrom; i < args.length; i++) {
            int colon = args[i].indexOf(':');
            headers.add(args[i].substring(0, colon).trim());
            headers.add(args[i].substring(colon + 1).trim());
        }
        HttpRequest.Builder template = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(150))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body));
        for (int i = 0; i < headers.size(); i += 2) {
            template.header(headers.get(i), headers.get(i + 1));
        }
        HttpRequest request = template.build();
        switch (mode) {
            case "seq" -> sequential(request, Integer.parseInt(args[3]));
            case "conc" -> concurrent(request, Integer.parseInt(args[3]), Integer.parseInt(args[4]));
            case "burst" -> burst(request, Integer.parseInt(args[3]));
            default -> throw new IllegalArgumentException(mode);
        }
        System.exit(0);
    }

    private static void sequential(HttpRequest request, int n) {
        for (int i = 0; i < Math.min(50, n); i++) {
            call(request); // warm-up of both ends, not measured
        }
        List<Long> micros = new ArrayList<>();
        Map<String, Integer> statuses = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            String status = call(request);
            micros.add((System.nanoTime() - start) / 1000);
            statuses.merge(status, 1, Integer::sum);
        }
        System.out.printf("p50 %7.1f ms   p99 %7.1f ms   n=%d   %s%n", pct(micros, 50), pct(micros, 99), n, statuses);
    }

    private static void concurrent(HttpRequest request, int callers, int seconds) throws InterruptedException {
        try (ExecutorService warm = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < callers; c++) {
                warm.submit(() -> {
                    for (int i = 0; i < 10; i++) {
                        call(request); // warm-up, not measured
                    }
                });
            }
        }
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        List<Long> micros = Collections.synchronizedList(new ArrayList<>());
        Map<String, LongAdder> statuses = new ConcurrentHashMap<>();
        LongAdder ok = new LongAdder();
        long begin = System.nanoTime();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int c = 0; c < callers; c++) {
                pool.submit(() -> {
                    while (System.nanoTime() < end) {
                        long start = System.nanoTime();
                        String status = call(request);
                        micros.add((System.nanoTime() - start) / 1000);
                        statuses.computeIfAbsent(status, k -> new LongAdder()).increment();
                        if (status.equals("200")) {
                            ok.increment();
                        }
                    }
                });
            }
        }
        double wall = (System.nanoTime() - begin) / 1e9;
        System.out.printf("%7.1f ok/s   p50 %7.1f ms   p99 %7.1f ms   n=%d in %.1f s   %s%n", ok.sum() / wall,
                pct(micros, 50), pct(micros, 99), micros.size(), wall, counts(statuses));
    }

    private static void burst(HttpRequest request, int n) throws InterruptedException {
        CountDownLatch go = new CountDownLatch(1);
        Map<String, LongAdder> statuses = new ConcurrentHashMap<>();
        List<Long> micros = Collections.synchronizedList(new ArrayList<>());
        AtomicInteger started = new AtomicInteger();
        long begin;
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < n; i++) {
                pool.submit(() -> {
                    started.incrementAndGet();
                    go.await();
                    long start = System.nanoTime();
                    String status = call(request);
                    micros.add((System.nanoTime() - start) / 1000);
                    statuses.computeIfAbsent(status, k -> new LongAdder()).increment();
                    return null;
                });
            }
            while (started.get() < n) {
                Thread.sleep(10);
            }
            begin = System.nanoTime();
            go.countDown();
        }
        double wall = (System.nanoTime() - begin) / 1e9;
        System.out.printf("%d at once: all answered in %.1f s   p50 %7.1f ms   p99 %7.1f ms   %s%n", n, wall,
                pct(micros, 50), pct(micros, 99), counts(statuses));
    }

    /** The status, or the exception's name when there was no answer; a body is read whole and dropped. */
    private static String call(HttpRequest request) {
        try {
            return String.valueOf(HTTP.send(request, HttpResponse.BodyHandlers.discarding()).statusCode());
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

    private static Map<String, Long> counts(Map<String, LongAdder> statuses) {
        Map<String, Long> out = new TreeMap<>();
        statuses.forEach((k, v) -> out.put(k, v.sum()));
        return out;
    }

    private static double pct(List<Long> micros, int p) {
        List<Long> sorted = new ArrayList<>(micros);
        if (sorted.isEmpty()) {
            return Double.NaN;
        }
        Collections.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.size()) - 1;
        return sorted.get(Math.max(0, index)) / 1000.0;
    }
}
