package io.mediagate.routing.providers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.common.api.ApiException;
import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.routing.fetch.SafeFetch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What the HTTP adapters share, so that each adapter is only its provider's mapping: JSON in and out,
 * calls bounded by the call timeout, the credential from the variable the catalog names, the common
 * classification of HTTP failures, the poller for asynchronous jobs, and downloads of result URLs through
 * the safe fetch (a provider's answer is outside input like any other).
 */
public final class Upstream {
    /** Largest video accepted from a provider. */
    public static final long MAX_VIDEO_BYTES = 1024L * 1024 * 1024;
    /** Largest image accepted from a provider. */
    public static final long MAX_IMAGE_BYTES = 64L * 1024 * 1024;
    private final ObjectMapper json;
    private final Poller poller;
    private final SafeFetch fetch;
    private final Duration callTimeout;
    private final Clock clock;

    public Upstream(ObjectMapper json, Poller poller, SafeFetch fetch, Duration callTimeout, Clock clock) {
        this.json = json;
        this.poller = poller;
        this.fetch = fetch;
        this.callTimeout = callTimeout;
        this.clock = clock;
    }

    public Poller poller() {
        return poller;
    }

    /** The clock calls are timed and signed by. */
    public Clock clock() {
        return clock;
    }

    /** The provider's base URL without a trailing slash, or the adapter's default. */
    public static String base(ProviderSpec provider, String fallback) {
        String url = provider.baseUrl() == null || provider.baseUrl().isBlank() ? fallback : provider.baseUrl();
        if (url == null) {
            throw ProviderException.credentials(provider.id() + " has no baseUrl configured");
        }
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }

    /**
     * The credential named by the catalog's {@code apiKeyEnv} ({@link ProviderHttp#credential}). A provider
     * that needs one and has none is unavailable, not the caller's fault.
     */
    public static String requireCredential(ProviderSpec provider) {
        return ProviderHttp.credential(provider).orElseThrow(() ->
                ProviderException.credentials(provider.id() + " has no credentials configured"));
    }

    public HttpRequest.Builder request(String url) {
        return ProviderHttp.request(url, callTimeout);
    }

    public HttpRequest.Builder postJson(String url, Object body) {
        return request(url).header("Content-Type", "application/json").header("Accept", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(write(body)));
    }

    public HttpResponse<byte[]> send(ProviderSpec provider, HttpRequest request) {
        return ProviderHttp.send(provider, request);
    }

    /** As {@link #send}, with the body left to read as it arrives ({@link ProviderHttp#stream}). */
    public HttpResponse<java.io.InputStream> stream(ProviderSpec provider, HttpRequest request) {
        return ProviderHttp.stream(provider, request);
    }

    /** A WebSocket to the provider (its live events), opened within the connect timeout ({@link ProviderHttp#webSocket}). */
    public WebSocket webSocket(ProviderSpec provider, URI uri, WebSocket.Listener listener) {
        return ProviderHttp.webSocket(provider, uri, listener);
    }

    /** A streamed body read whole (an error answer, small), or empty when it cannot be read. */
    public static byte[] drain(HttpResponse<java.io.InputStream> response) {
        try (java.io.InputStream in = response.body()) {
            return in.readAllBytes();
        } catch (IOException | RuntimeException e) {
            return new byte[0];
        }
    }

    /** The body as JSON, or null when it is empty or not JSON. */
    public JsonNode read(byte[] body) {
        try {
            return body == null || body.length == 0 ? null : json.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    /** The body as a JSON object, or a retryable failure: the provider answered something else. */
    public JsonNode object(ProviderSpec provider, HttpResponse<byte[]> response) {
        JsonNode node = read(response.body());
        if (node == null || !node.isObject()) {
            throw ProviderException.failed(provider.id() + " answered with a body that is not the expected JSON");
        }
        return node;
    }

    public byte[] write(Object body) {
        try {
            return json.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Optional<Duration> retryAfter(HttpResponse<?> response) {
        return ProviderHttp.retryAfter(response, ZonedDateTime.now(clock));
    }

    /**
     * The usual meaning of an HTTP failure: 400/422 the request's fault, unless {@code detail} says the
     * account is out of credits (Runway and Luma answer that as a 400: quota); 401/403 refused
     * credentials; 402 quota; 404 and 410 mean the model or endpoint is gone (a poll's 404 is read by the
     * {@link Poller} as a lost job instead); 408 a timeout; 429 a rate limit with the provider's
     * Retry-After; everything else (409, 5xx) transient.
     */
    public ProviderException failure(ProviderSpec provider, HttpResponse<?> response, String detail) {
        return failure(provider, response, detail, null);
    }

    /** As {@link #failure(ProviderSpec, HttpResponse, String)}, a refusal naming {@code param}, the field the provider faults. */
    public ProviderException failure(ProviderSpec provider, HttpResponse<?> response, String detail, String param) {
        int status = response.statusCode();
        String suffix = detail == null || detail.isBlank() ? "" : ": " + detail;
        boolean noCredits = detail != null && detail.toLowerCase(Locale.ROOT).matches("(?s).*\\b(credits?|balance)\\b.*");
        return switch (status) {
            case 400, 422 -> noCredits ? ProviderException.quota(provider.id() + " account has no credits")
                    : ProviderException.rejected("the provider rejected the request" + suffix, param);
            case 401, 403 -> ProviderException.credentials(provider.id() + " refused our credentials");
            case 402 -> ProviderException.quota(provider.id() + " account has no credits");
            case 404, 410 -> ProviderException.gone(provider.id() + " answered " + status + ": the model or endpoint is gone" + suffix);
            case 408 -> ProviderException.timedOut(provider.id() + " answered 408");
            case 429 -> ProviderException.rateLimited(provider.id() + " answered 429", retryAfter(response).orElse(null));
            default -> ProviderException.failed(provider.id() + " answered " + status);
        };
    }

    /** A job id that may go into a URL path: letters, digits and {@code . _ : / -}, no {@code ..}, at most 300 characters. */
    private static final java.util.regex.Pattern JOB_ID = java.util.regex.Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:/-]{0,299}");

    /**
     * Runs an asynchronous provider job whose handle is an id ({@link UpstreamJob}): submits it, checks the id can go
     * into a URL path, and polls it until done, cancelling it upstream when our job is cancelled, the deadline passes or
     * the attempt ends.
     */
    public <R> R run(ProviderSpec provider, TaskControl control, UpstreamJob<String, R> job) {
        String id = job.submit();
        if (id == null || !JOB_ID.matcher(id).matches() || id.contains("..")) {
            throw ProviderException.failed(provider.id() + " answered a job without a usable id");
        }
        return await(provider, control, job, id);
    }

    /**
     * Runs an asynchronous provider job whose handle is the URLs the provider answered ({@link JobUrls}), as
     * {@link #run(ProviderSpec, TaskControl, UpstreamJob)}: each URL must be one our key may go to ({@link ProviderHosts}:
     * the provider's API hosts, or its configured base), checked when answered and again before each look or cancel.
     */
    public <R> R run(ProviderSpec provider, ProviderHosts.Allowed hosts, TaskControl control, UpstreamJob<JobUrls, R> job) {
        UpstreamJob<JobUrls, R> checking = checking(provider, hosts, job);
        return await(provider, control, checking, checking.submit());
    }

    /**
     * Runs {@code times} copies of a job whose handle is URLs (a provider that makes one image per job): all are
     * submitted first, so that the provider works on them together, then each is waited for in turn. When one fails,
     * those not yet waited for are cancelled.
     */
    public <R> List<R> runAll(ProviderSpec provider, ProviderHosts.Allowed hosts, TaskControl control, UpstreamJob<JobUrls, R> job, int times) {
        UpstreamJob<JobUrls, R> checking = checking(provider, hosts, job);
        List<JobUrls> handles = new ArrayList<>();
        try {
            for (int i = 0; i < times; i++) {
                handles.add(checking.submit());
            }
        } catch (RuntimeException e) {
            handles.forEach(h -> stop(provider, checking, h));
            throw e;
        }
        List<R> results = new ArrayList<>();
        for (int i = 0; i < handles.size(); i++) {
            try {
                results.add(await(provider, control, checking, handles.get(i)));
            } catch (RuntimeException e) {
                handles.subList(i + 1, handles.size()).forEach(h -> stop(provider, checking, h));
                throw e;
            }
        }
        return results;
    }

    /**
     * {@code job} with its URLs checked before our key goes to any of them: when the provider answers them, and again
     * before each look and each cancel (the host's addresses are looked up anew each time).
     */
    private static <R> UpstreamJob<JobUrls, R> checking(ProviderSpec provider, ProviderHosts.Allowed hosts, UpstreamJob<JobUrls, R> job) {
        return new UpstreamJob<>() {
            @Override
            public JobUrls submit() {
                JobUrls urls = job.submit();
                if (urls == null || urls.status() == null) {
                    throw ProviderException.failed(provider.id() + " answered a job without a status URL");
                }
                return checked(urls);
            }

            @Override
            public Poller.Poll<R> poll(JobUrls handle) {
                return job.poll(checked(handle));
            }

            @Override
            public void cancel(JobUrls handle) {
                job.cancel(checked(handle));
            }

            @Override
            public Duration minimumInterval() {
                return job.minimumInterval();
            }

            private JobUrls checked(JobUrls urls) {
                for (String url : new String[] {urls.status(), urls.result(), urls.cancel()}) {
                    if (url != null) {
                        hosts.keyed(provider, url);
                    }
                }
                return urls;
            }
        };
    }

    private <H, R> R await(ProviderSpec provider, TaskControl control, UpstreamJob<H, R> job, H handle) {
        Poller looking = job.minimumInterval().isZero() ? poller : poller.atLeast(job.minimumInterval());
        return looking.await(provider.id(), control, () -> job.poll(handle), () -> job.cancel(handle));
    }

    private static <H> void stop(ProviderSpec provider, UpstreamJob<H, ?> job, H handle) {
        try {
            job.cancel(handle);
        } catch (RuntimeException e) {
            org.jboss.logging.Logger.getLogger(Upstream.class).warnf("could not cancel a job at %s: %s", provider.id(), e.getMessage());
        }
    }

    /**
     * {@link #run} for a video job whose result is a URL: the video is then downloaded through the safe fetch, from one of
     * the provider's hosts ({@link #video}).
     */
    public GeneratedVideo runVideo(ProviderSpec provider, ProviderHosts.Allowed hosts, VideoTask task, String file, UpstreamJob<String, String> job) {
        return video(provider, hosts, run(provider, task.control(), job), Map.of(), task.workDir().resolve(file));
    }

    /**
     * Downloads the result images the provider points at, in order: each URL on one of the provider's hosts
     * ({@link ProviderHosts.Allowed#delivered}), fetched without our key through the safe fetch.
     */
    public List<GeneratedImage> images(ProviderSpec provider, ProviderHosts.Allowed hosts, List<String> urls) {
        urls.forEach(url -> hosts.delivered(provider, url));
        try {
            Path target = Files.createTempFile("result", ".bin");
            try {
                List<GeneratedImage> images = new ArrayList<>();
                for (String url : urls) {
                    SafeFetch.Fetched f = fetch.fetch(url, Map.of(), "result", "image", MAX_IMAGE_BYTES, target);
                    images.add(new GeneratedImage(Files.readAllBytes(f.file()), f.mime(), null));
                }
                return images;
            } finally {
                Files.deleteIfExists(target);
            }
        } catch (ApiException e) {
            throw ProviderException.failed(provider.id() + " result could not be downloaded: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Downloads a result video the provider points at, through the safe fetch, into {@code target}: from one of its
     * delivery hosts without {@code headers}, or, when {@code headers} carry its credential, from one of its API hosts only.
     */
    public GeneratedVideo video(ProviderSpec provider, ProviderHosts.Allowed hosts, String url, Map<String, String> headers, Path target) {
        if (headers.isEmpty()) {
            hosts.delivered(provider, url);
        } else {
            hosts.keyed(provider, url);
        }
        try {
            SafeFetch.Fetched f = fetch.fetch(url, headers, "result", "video", MAX_VIDEO_BYTES, target);
            return new GeneratedVideo(f.file(), f.mime());
        } catch (ApiException e) {
            throw ProviderException.failed(provider.id() + " result could not be downloaded: " + e.getMessage());
        }
    }
}
