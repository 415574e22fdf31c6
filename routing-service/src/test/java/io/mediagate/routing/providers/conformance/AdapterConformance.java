package io.mediagate.routing.providers.conformance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ErrorCode;
import io.mediagate.common.events.FailureClass;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.providers.Poller;
import io.mediagate.routing.providers.ProviderException;
import io.mediagate.routing.providers.TaskControl;
import io.mediagate.routing.providers.Upstream;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The one suite every adapter runs against its provider's fake: success through the provider's waiting
 * states, each error class mapped to our codes, credentials, timeout, malformed answers, cancellation and
 * safe downloads. An adapter declares what its provider does not have ({@link #unsupported()}); those
 * cases are skipped, visibly, rather than passed.
 */
public abstract class AdapterConformance {
    /** The configuration name (a system property here, an environment variable in production) of the key. */
    protected static final String KEY_ENV = "MEDIAGATE_CONFORMANCE_KEY";
    private final String adapter;
    private final String media;
    private final boolean async;
    protected FakeUpstream fake;
    /**
     * The prompt a call that sends none plays (a utility's on a picture): its test sets it before the call, so that the fake
     * answers that scenario as it answers a prompt.
     */
    protected volatile String untoldPrompt = "";
    protected final List<Integer> progress = new CopyOnWriteArrayList<>();
    @TempDir
    protected Path work;

    /**
     * @param adapter the catalog's adapter name
     * @param media   {@code image} or {@code video}
     * @param async   whether the provider runs jobs asynchronously (polling, cancellation)
     */
    protected AdapterConformance(String adapter, String media, boolean async) {
        this.adapter = adapter;
        this.media = media;
        this.async = async;
    }

    /** The catalog's adapter name this suite runs against. */
    public final String adapterName() {
        return adapter;
    }

    /** Registers the provider's endpoints on the fake; they accept only {@link #secret()}. */
    protected abstract void play(FakeUpstream fake);

    /** Calls the adapter once and answers the media types of what it returned. */
    protected abstract List<String> generate(Upstream upstream, ProviderSpec provider, String prompt, TaskControl control);

    /** The credential the fake expects. */
    protected String secret() {
        return "conformance-secret-1";
    }

    /** Scenarios the provider has no way to produce. */
    protected Set<Scenario> unsupported() {
        return Set.of();
    }

    /** Whether the provider has an endpoint to cancel a job, and the request that shows it was called. */
    protected String cancelCall() {
        return null;
    }

    /** Whether the provider reports progress while a job runs. */
    protected boolean reportsProgress() {
        return false;
    }

    /** Whether results arrive as URLs to download (then they must go through the safe fetch). */
    protected boolean resultsByUrl() {
        return false;
    }

    /**
     * One of the hosts the provider's answers name as its documentation lists them (an API or a delivery host), or null
     * when it lists none the adapter narrows to (results from any public host).
     */
    protected String documentedHost() {
        return null;
    }

    /**
     * The provider's answer to a call for a model or endpoint it no longer has, in its own error format (a 404 by
     * default), or null when it has no such answer (a local server).
     */
    protected FakeUpstream.Reply goneReply() {
        return FakeUpstream.Reply.json(404, java.util.Map.of("detail", "Not Found"));
    }

    /** Whether the provider's 429 carries Retry-After. */
    protected boolean retryAfterOnRateLimit() {
        return false;
    }

    @BeforeEach
    void startFake() throws Exception {
        fake = new FakeUpstream();
        play(fake);
        System.setProperty(KEY_ENV, secret());
    }

    @AfterEach
    void stopFake() {
        fake.close();
        System.clearProperty(KEY_ENV);
    }

    /** The path the provider's base URL carries after the host, as its default does (e.g. {@code /v1}). */
    protected String basePath() {
        return "";
    }

    protected ProviderSpec provider() {
        return new ProviderSpec("conf", "Conformance", adapter, List.of(media), true, fake.url() + basePath(), KEY_ENV, Instant.EPOCH);
    }

    /** The shared adapter kit, polling fast; {@code strictFetch} downloads only public https URLs. */
    protected Upstream upstream(boolean strictFetch) {
        Poller poller = new Poller(new Poller.Settings(Duration.ofMillis(10), Duration.ofMillis(40), Duration.ofSeconds(2)),
                Clock.systemUTC(), Thread::sleep);
        return new Upstream(new ObjectMapper(), poller, new SafeFetch(!strictFetch, Duration.ofSeconds(10)),
                Duration.ofMillis(1500), Clock.systemUTC());
    }

    private final TaskControl watching = new TaskControl() {
        @Override
        public boolean cancelled() {
            return false;
        }

        @Override
        public void progress(int percent) {
            progress.add(percent);
        }
    };

    private List<String> run(String prompt) {
        return generate(upstream(false), provider(), prompt, watching);
    }

    private ProviderException failure(Scenario scenario) {
        assumeFalse(unsupported().contains(scenario), adapter + " declares it cannot produce " + scenario);
        return assertThrows(ProviderException.class, () -> run("a lighthouse " + scenario.marker()));
    }

    @Test
    void successReturnsRealMediaOfTheRightKind() {
        List<String> mimes = run("a lighthouse at dusk");
        assertFalse(mimes.isEmpty());
        mimes.forEach(m -> assertTrue(m.startsWith(media + "/"), "got " + m));
        if (async) {
            assertTrue(fake.jobs.values().stream().allMatch(j -> j.polls.get() >= 2), "went through the waiting states");
        }
    }

    @Test
    void progressIsReportedIntoTheJob() {
        assumeTrue(reportsProgress(), adapter + " reports no progress");
        run("a lighthouse");
        assertFalse(progress.isEmpty());
        progress.forEach(p -> assertTrue(p >= 0 && p <= 100, "progress " + p));
    }

    @Test
    void rateLimitIsRetryable() {
        ProviderException e = failure(Scenario.RATE_LIMITED);
        assertEquals(FailureClass.RATE_LIMITED, e.failure());
        assertEquals(ErrorCode.PROVIDER_ERROR, e.code());
        if (retryAfterOnRateLimit()) {
            assertTrue(e.retryAfter().isPresent(), "the provider's Retry-After is kept");
        }
    }

    @Test
    void serverErrorIsRetryable() {
        ProviderException e = failure(Scenario.SERVER_ERROR);
        assertEquals(FailureClass.TRANSIENT, e.failure());
        assertEquals(ErrorCode.PROVIDER_ERROR, e.code());
    }

    @Test
    void invalidInputIsTheCallersError() {
        ProviderException e = failure(Scenario.INVALID_INPUT);
        assertEquals(FailureClass.CALLER_ERROR, e.failure());
        assertEquals(ErrorCode.INVALID_REQUEST, e.code());
    }

    @Test
    void moderationIsAContentPolicyViolation() {
        ProviderException e = failure(Scenario.MODERATED);
        assertEquals(FailureClass.MODERATION, e.failure());
        assertEquals(ErrorCode.CONTENT_POLICY_VIOLATION, e.code());
    }

    @Test
    void aModelTheProviderNoLongerHasIsGoneAndNotAskedAgain() {
        FakeUpstream.Reply gone = goneReply();
        assumeTrue(gone != null, adapter + " has no answer for a model it no longer has");
        fake.answerAll(gone);
        ProviderException e = assertThrows(ProviderException.class, () -> run("a lighthouse"));
        assertEquals(FailureClass.GONE, e.failure(), e.getMessage());
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(1, fake.received().size(), "the adapter does not ask again: " + fake.received());
    }

    @Test
    void failedJobIsRetryable() {
        assumeTrue(async, "synchronous provider");
        ProviderException e = failure(Scenario.JOB_FAILED);
        assertEquals(FailureClass.TRANSIENT, e.failure());
        assertEquals(ErrorCode.PROVIDER_ERROR, e.code());
        // The fakes report the outcome at the third poll: a failed job is not polled again.
        fake.jobs.values().forEach(j -> assertEquals(3, j.polls.get(), "polls of " + j.id));
    }

    @Test
    void malformedAnswerIsARetryableProviderError() {
        ProviderException e = failure(Scenario.MALFORMED);
        assertEquals(FailureClass.TRANSIENT, e.failure());
        assertEquals(ErrorCode.PROVIDER_ERROR, e.code());
    }

    @Test
    void aJobThatNeverFinishesTimesOutAndIsCancelledUpstream() {
        ProviderException e = failure(Scenario.NEVER_FINISHES);
        assertEquals(FailureClass.TIMEOUT, e.failure());
        assertEquals(ErrorCode.PROVIDER_TIMEOUT, e.code());
        if (async && cancelCall() != null) {
            assertTrue(fake.received().stream().anyMatch(r -> (r.method() + " " + r.path()).contains(cancelCall())),
                    "the upstream job was cancelled");
        }
    }

    @Test
    void refusedCredentialsMakeTheProviderUnavailableNotTheCallerUnauthorized() {
        assumeFalse(unsupported().contains(Scenario.BAD_CREDENTIALS), adapter + " has no credentials");
        System.setProperty(KEY_ENV, "wrong-key");
        ProviderException e = assertThrows(ProviderException.class, () -> run("a lighthouse"));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(FailureClass.CREDENTIALS, e.failure(), "the next provider is tried, this one not again");
    }

    @Test
    void missingCredentialsNeverReachTheProvider() {
        assumeFalse(unsupported().contains(Scenario.BAD_CREDENTIALS), adapter + " has no credentials");
        System.clearProperty(KEY_ENV);
        ProviderException e = assertThrows(ProviderException.class, () -> run("a lighthouse"));
        assertEquals(ErrorCode.PROVIDER_UNAVAILABLE, e.code());
        assertEquals(FailureClass.CREDENTIALS, e.failure());
        assertTrue(fake.received().isEmpty(), "nothing was sent");
    }

    @Test
    void cancellingOurJobCancelsTheProvidersJob() {
        assumeTrue(async, "synchronous provider");
        AtomicBoolean cancelled = new AtomicBoolean();
        TaskControl control = new TaskControl() {
            @Override
            public boolean cancelled() {
                return cancelled.getAndSet(true); // cancelled after the first poll
            }

            @Override
            public void progress(int percent) {
            }
        };
        ProviderException e = assertThrows(ProviderException.class,
                () -> generate(upstream(false), provider(), "a lighthouse " + Scenario.NEVER_FINISHES.marker(), control));
        assertEquals(ErrorCode.JOB_CANCELLED, e.code());
        assertFalse(e.retryable());
        if (cancelCall() != null) {
            assertTrue(fake.received().stream().anyMatch(r -> (r.method() + " " + r.path()).contains(cancelCall())));
        }
    }

    /**
     * A provider answering URLs (polling, status, results) on a server other than its own: the adapter refuses them as a
     * provider fault and never calls there, so our key never goes there either. The other server is on loopback over
     * plain http, as an internal service would be.
     */
    @Test
    void urlsAnsweredOnAnotherServerAreRefusedAndNeverFollowed() throws Exception {
        assumeTrue(resultsByUrl(), adapter + " answers no URLs");
        try (FakeUpstream elsewhere = new FakeUpstream()) {
            elsewhere.answerAll(FakeUpstream.Reply.json(200, java.util.Map.of()));
            fake.linkTo(elsewhere.url());
            ProviderException e = assertThrows(ProviderException.class, () -> run("a lighthouse"));
            assertEquals(FailureClass.TRANSIENT, e.failure(), e.getMessage());
            assertEquals(ErrorCode.PROVIDER_ERROR, e.code());
            assertTrue(e.getMessage().contains("is not followed"), e.getMessage());
            assertTrue(elsewhere.received().isEmpty(), "nothing was sent to the other server: " + elsewhere.received());
        }
    }

    /**
     * URLs on a sibling of the provider's documented host, over plain http on that very host, or on another port of it:
     * each refused before anything is sent (not even a name lookup is needed to refuse them).
     */
    @Test
    void urlsOnASiblingHostOrOverHttpAreRefused() {
        String host = documentedHost();
        assumeTrue(host != null, adapter + " lists no host its answers are narrowed to");
        String sibling = "attacker" + host.substring(host.indexOf('.'));
        for (String origin : List.of("https://" + sibling, "http://" + host, "https://" + host + ":8443")) {
            fake.linkTo(origin);
            ProviderException e = assertThrows(ProviderException.class, () -> run("a lighthouse"), origin);
            assertEquals(FailureClass.TRANSIENT, e.failure(), origin + ": " + e.getMessage());
            assertTrue(e.getMessage().contains("is not followed"), origin + ": " + e.getMessage());
        }
    }

    @Test
    void resultUrlsAreFetchedOnlyThroughTheSafeFetch() {
        assumeTrue(resultsByUrl(), adapter + " sends results inline");
        // The fake's result URL is plain http on loopback: the strict fetch must refuse it.
        ProviderException e = assertThrows(ProviderException.class,
                () -> generate(upstream(true), provider(), "a lighthouse", TaskControl.NONE));
        assertEquals(ErrorCode.PROVIDER_ERROR, e.code());
        assertTrue(e.getMessage().contains("could not be downloaded"), e.getMessage());
    }
}
