package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import io.mediagate.routing.fetch.SafeFetch;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The kit's one loop for asynchronous jobs: the ids and URLs it lets our key go to, the waits, cancellation, several jobs at once. */
class UpstreamJobTest {
    private static final ProviderSpec PROVIDER = new ProviderSpec("p", "p", "fake", List.of("video"), true, null, null, Instant.EPOCH);
    private final List<Duration> waits = new ArrayList<>();
    private final Upstream upstream = new Upstream(new ObjectMapper(), new Poller(new Poller.Settings(Duration.ofMillis(10),
            Duration.ofMillis(40), Duration.ofSeconds(60)), Clock.systemUTC(), waits::add), new SafeFetch(true, Duration.ofSeconds(1)),
            Duration.ofSeconds(1), Clock.systemUTC());

    private static UpstreamJob<String, String> job(String id, int pendingLooks, AtomicBoolean cancelled, Duration floor) {
        AtomicInteger looks = new AtomicInteger();
        return new UpstreamJob<>() {
            public String submit() {
                return id;
            }

            public Poller.Poll<String> poll(String given) {
                assertEquals(id, given);
                return looks.incrementAndGet() <= pendingLooks ? Poller.pending(50) : Poller.done("result of " + given);
            }

            public Duration minimumInterval() {
                return floor;
            }

            public void cancel(String given) {
                cancelled.set(true);
            }
        };
    }

    @Test
    void aJobIsLookedAtUntilDoneNoMoreOftenThanItsProviderAsks() {
        String result = upstream.run(PROVIDER, TaskControl.NONE, job("task-1", 2, new AtomicBoolean(), Duration.ofSeconds(5)));
        assertEquals("result of task-1", result);
        assertEquals(2, waits.size());
        waits.forEach(w -> assertTrue(w.compareTo(Duration.ofSeconds(5)) >= 0, "waited " + w));
    }

    @Test
    void anIdThatCouldLeaveItsPathNeverGoesIntoAUrl() {
        for (String id : new String[] {null, "", "../admin", "a b", "x?y=1"}) {
            ProviderException e = assertThrows(ProviderException.class, () -> upstream.run(PROVIDER, TaskControl.NONE,
                    job(id, 0, new AtomicBoolean(), Duration.ZERO)));
            assertEquals(FailureClass.TRANSIENT, e.failure(), String.valueOf(id));
        }
    }

    @Test
    void cancellingOurJobCancelsTheProvidersJob() {
        AtomicBoolean cancelled = new AtomicBoolean();
        TaskControl cancelledAtOnce = new TaskControl() {
            public boolean cancelled() {
                return true;
            }

            public void progress(int percent) {
            }
        };
        ProviderException e = assertThrows(ProviderException.class, () -> upstream.run(PROVIDER, cancelledAtOnce,
                job("task-2", 100, cancelled, Duration.ZERO)));
        assertEquals(ErrorCode.JOB_CANCELLED, e.code());
        assertTrue(cancelled.get());
    }

    private static final String BASE = "https://queue.p.example";
    /** The provider's hosts: its configured base alone. */
    private static final ProviderHosts.Allowed HOSTS = ProviderHosts.baseOnly().at(BASE);

    /** A job whose handle is the URLs its provider answered; {@code failing} names the submission whose job fails. */
    private static UpstreamJob<JobUrls, String> urlJob(JobUrls answered, List<String> events, int failing) {
        AtomicInteger submitted = new AtomicInteger();
        return new UpstreamJob<>() {
            public JobUrls submit() {
                int n = submitted.incrementAndGet();
                events.add("submit " + n);
                return new JobUrls(answered.status() + "/" + n, answered.result(), answered.cancel() == null ? null : answered.cancel() + "/" + n);
            }

            public Poller.Poll<String> poll(JobUrls urls) {
                events.add("poll " + urls.status());
                return urls.status().endsWith("/" + failing) ? Poller.failed(ProviderException.failed("p failed the job"))
                        : Poller.done("image of " + urls.status());
            }

            public void cancel(JobUrls urls) {
                events.add("cancel " + urls.cancel());
            }
        };
    }

    @Test
    void urlsAnsweredForAJobMustBeOnTheProvidersOwnHosts() {
        List<String> events = new ArrayList<>();
        assertEquals("image of " + BASE + "/requests/1", upstream.run(PROVIDER, HOSTS, TaskControl.NONE,
                urlJob(new JobUrls(BASE + "/requests", BASE + "/requests/r", BASE + "/cancel"), events, 0)));
        for (JobUrls elsewhere : List.of(new JobUrls("https://attacker.example/status", null, null),
                new JobUrls(BASE + "/requests", "https://attacker.example/result", null),
                new JobUrls(BASE + "/requests", null, "http://169.254.169.254/cancel"))) {
            List<String> seen = new ArrayList<>();
            ProviderException e = assertThrows(ProviderException.class, () -> upstream.run(PROVIDER, HOSTS, TaskControl.NONE,
                    urlJob(elsewhere, seen, 0)));
            assertEquals(FailureClass.TRANSIENT, e.failure());
            assertEquals(List.of("submit 1"), seen, "no look at " + elsewhere);
        }
        assertThrows(ProviderException.class, () -> upstream.run(PROVIDER, HOSTS, TaskControl.NONE, new UpstreamJob<JobUrls, String>() {
            public JobUrls submit() {
                return JobUrls.statusOnly(null);
            }

            public Poller.Poll<String> poll(JobUrls urls) {
                throw new AssertionError("no status URL to look at");
            }
        }));
    }

    /** The URLs are checked again before each look: a host that resolved to a public address may not later lead our key inside. */
    @Test
    void answeredUrlsAreCheckedAgainBeforeEachLook() {
        java.util.concurrent.atomic.AtomicInteger lookups = new java.util.concurrent.atomic.AtomicInteger();
        ProviderHosts.Allowed rebinding = ProviderHosts.api("api.p.example").at("https://configured.p.example")
                .resolvingWith(host -> new java.net.InetAddress[] {java.net.InetAddress.getByName(
                        lookups.incrementAndGet() == 1 ? "93.184.216.34" : "10.0.0.7")});
        List<String> events = new ArrayList<>();
        ProviderException e = assertThrows(ProviderException.class, () -> upstream.run(PROVIDER, rebinding, TaskControl.NONE,
                urlJob(JobUrls.statusOnly("https://api.p.example/jobs"), events, 0)));
        assertTrue(e.getMessage().contains("private address"), e.getMessage());
        assertEquals(List.of("submit 1"), events, "never looked at once its host led inside");
    }

    @Test
    void severalJobsAreSubmittedTogetherAndTheRestCancelledWhenOneFails() {
        List<String> events = new ArrayList<>();
        List<String> images = upstream.runAll(PROVIDER, HOSTS, TaskControl.NONE,
                urlJob(new JobUrls(BASE + "/j", null, BASE + "/c"), events, 0), 3);
        assertEquals(List.of("image of " + BASE + "/j/1", "image of " + BASE + "/j/2", "image of " + BASE + "/j/3"), images);
        assertEquals(List.of("submit 1", "submit 2", "submit 3"), events.subList(0, 3), "all submitted before the first look");

        List<String> failing = new ArrayList<>();
        ProviderException e = assertThrows(ProviderException.class, () -> upstream.runAll(PROVIDER, HOSTS, TaskControl.NONE,
                urlJob(new JobUrls(BASE + "/j", null, BASE + "/c"), failing, 2), 4));
        assertEquals(FailureClass.TRANSIENT, e.failure());
        assertTrue(failing.containsAll(List.of("cancel " + BASE + "/c/3", "cancel " + BASE + "/c/4")), failing.toString());
        assertTrue(failing.stream().noneMatch(x -> x.equals("poll " + BASE + "/j/3")), "no look after the failure: " + failing);
    }
}
