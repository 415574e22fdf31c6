package io.mediagate.routing.providers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.events.FailureClass;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The hosts a provider's answered URLs may name, tried as a hostile provider (or one whose answers were tampered with)
 * would: siblings of its domain, plain http, other ports, credentials in the URL, hosts resolving to private addresses,
 * a delivery host asked to take our key, and the configured base (a self-hosted server or a test's fake) as the only way
 * to loopback or http.
 */
class ProviderHostsTest {
    private static final ProviderSpec PROVIDER = new ProviderSpec("p", "p", "fake", List.of("image"), true, null, null, Instant.EPOCH);
    private static final ProviderHosts HOSTS = ProviderHosts.api("api.p.example", "api.eu.p.example")
            .delivery("cdn.p.example", "delivery-*.p.example", "*.files.p.example");

    /** Resolves every name to a public address, except those given. */
    private static ProviderHosts.Resolver resolving(Map<String, String> addresses) {
        return host -> new InetAddress[] {InetAddress.getByName(addresses.getOrDefault(host, "93.184.216.34"))};
    }

    private static final ProviderHosts.Allowed AT_API = HOSTS.at("https://api.p.example/v1").resolvingWith(resolving(Map.of()));

    private static String refusal(Runnable check) {
        ProviderException e = assertThrows(ProviderException.class, check::run);
        assertEquals(FailureClass.TRANSIENT, e.failure(), "a provider fault, tried elsewhere");
        return e.getMessage();
    }

    @Test
    void ourKeyGoesOnlyToTheProvidersApiHosts() {
        AT_API.keyed(PROVIDER, "https://api.p.example/v1/jobs/1");
        AT_API.keyed(PROVIDER, "https://api.eu.p.example/v1/jobs/1");
        AT_API.keyed(PROVIDER, "https://API.P.EXAMPLE./v1/jobs/1");
        for (String url : List.of("https://cdn.p.example/out.png", "https://delivery-eu1.p.example/out.png")) {
            assertTrue(refusal(() -> AT_API.keyed(PROVIDER, url)).contains("not one of its hosts for our key"), url);
            AT_API.delivered(PROVIDER, url); // a result may be downloaded from there, without the key
        }
    }

    @Test
    void siblingsOfItsDomainAreNotItsHosts() {
        for (String url : List.of("https://evil.p.example/x", "https://api.us.p.example/x", "https://xapi.p.example/x",
                "https://api.p.example.evil.example/x", "https://p.example/x", "https://delivery-eu1.evil.p.example/x",
                "https://a.delivery-eu1.p.example/x", "https://a.b.files.p.example/x")) {
            assertTrue(refusal(() -> AT_API.delivered(PROVIDER, url)).contains("which is not one of its hosts"), url);
        }
        refusal(() -> AT_API.delivered(PROVIDER, "https://delivery-.p.example/x")); // not even a host name
        AT_API.delivered(PROVIDER, "https://delivery-us2.p.example/x");
        AT_API.delivered(PROVIDER, "https://pbxt.files.p.example/x");
    }

    @Test
    void onlyHttpsOnTheDefaultPortAndNoCredentialsInTheUrl() {
        for (String url : List.of("http://api.p.example/v1/jobs/1", "https://api.p.example:8443/v1/jobs/1", "ftp://api.p.example/x")) {
            assertTrue(refusal(() -> AT_API.keyed(PROVIDER, url)).contains("not https"), url);
        }
        for (String url : List.of("https://user:secret@api.p.example/x", "not a url at all", "/relative/path", "https://")) {
            refusal(() -> AT_API.keyed(PROVIDER, url));
        }
        AT_API.keyed(PROVIDER, "https://api.p.example:443/v1/jobs/1");
    }

    @Test
    void aListedHostThatResolvesToAPrivateAddressIsRefused() {
        for (String address : List.of("127.0.0.1", "10.0.0.7", "169.254.169.254", "192.168.1.1", "::1", "fd00::1")) {
            ProviderHosts.Allowed hosts = HOSTS.at("https://api.p.example/v1").resolvingWith(resolving(Map.of("cdn.p.example", address)));
            assertTrue(refusal(() -> hosts.delivered(PROVIDER, "https://cdn.p.example/out.png")).contains("private address"), address);
        }
        ProviderHosts.Allowed unresolvable = HOSTS.at("https://api.p.example/v1").resolvingWith(host -> {
            throw new UnknownHostException(host);
        });
        assertTrue(refusal(() -> unresolvable.keyed(PROVIDER, "https://api.eu.p.example/x")).contains("does not resolve"));
    }

    /**
     * The configured base's own origin passes as it is (a self-hosted server, a test's fake): the operator chose it. Any
     * other loopback or http origin, another port on the same host included, does not.
     */
    @Test
    void theConfiguredBasesOwnOriginIsTheOnlyWayToLoopbackOrHttp() {
        ProviderHosts.Allowed local = HOSTS.at("http://127.0.0.1:8188");
        local.keyed(PROVIDER, "http://127.0.0.1:8188/view?filename=a.png");
        for (String url : List.of("http://127.0.0.1:8189/view", "https://127.0.0.1:8188/view", "http://localhost:8188/view",
                "http://169.254.169.254/latest/meta-data")) {
            refusal(() -> local.delivered(PROVIDER, url));
        }
        ProviderHosts.Allowed selfHosted = ProviderHosts.baseOnly().at("https://sd.internal.example");
        selfHosted.keyed(PROVIDER, "https://sd.internal.example/outputs/1.png");
        refusal(() -> selfHosted.delivered(PROVIDER, "https://cdn.elsewhere.example/1.png"));
    }

    /** A provider that documents no delivery host: results from any public https host, without the key; the key still only to its API. */
    @Test
    void undocumentedDeliveryIsAnyPublicHttpsHostWithoutTheKey() {
        ProviderHosts.Allowed hosts = ProviderHosts.api("api.p.example").deliveryFromAnyPublicHost().at("https://api.p.example")
                .resolvingWith(resolving(Map.of("internal.example", "10.1.2.3")));
        hosts.delivered(PROVIDER, "https://cdn.somewhere.example/video.mp4");
        refusal(() -> hosts.keyed(PROVIDER, "https://cdn.somewhere.example/video.mp4"));
        refusal(() -> hosts.delivered(PROVIDER, "http://cdn.somewhere.example/video.mp4"));
        assertTrue(refusal(() -> hosts.delivered(PROVIDER, "https://internal.example/video.mp4")).contains("private address"));
    }

    @Test
    void aFamilyIsPartOfOneLabelNeverADot() {
        assertThrows(IllegalArgumentException.class, () -> ProviderHosts.api("not a host"));
        assertThrows(IllegalArgumentException.class, () -> ProviderHosts.api("localhost:8080"));
        assertThrows(IllegalArgumentException.class, () -> ProviderHosts.api("localhost"));
        ProviderHosts.Allowed hosts = ProviderHosts.api("api.p.example").delivery("*.files.p.example").at("https://api.p.example")
                .resolvingWith(resolving(Map.of()));
        refusal(() -> hosts.delivered(PROVIDER, "https://x.y.files.p.example/a"));
        refusal(() -> hosts.delivered(PROVIDER, "https://files.p.example/a"));
    }
}
