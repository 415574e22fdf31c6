package io.mediagate.routing.providers;

import io.mediagate.common.catalog.ProviderSpec;
import io.mediagate.common.net.AddressPolicy;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The hosts a provider's answers may point us at, declared once per adapter from the provider's documentation: its API
 * hosts, where a URL it answers may be sent our key (a polling or status URL, a download that needs the key), and its
 * delivery hosts, where results are downloaded without it. Hosts are exact names; only where a provider documents a
 * family of hosts (BFL's {@code delivery-*.bfl.ai}, Replicate's {@code *.replicate.delivery}) is the entry that pattern,
 * {@code *} standing for one label or part of one and never for a dot. So no other sibling of a registrable domain passes
 * ({@code evil.fal.run} is not {@code queue.fal.run}), and our key goes to API hosts only.
 * A URL answered must be {@code https} on the default port, on one of these hosts, and resolve only to public addresses
 * ({@link AddressPolicy}, as the safe fetch checks them). The one exception is the provider's own configured base URL:
 * a URL on exactly its origin (scheme, host and port) is the operator's choice and passes as it is, which is how a
 * self-hosted server, or a test's fake on loopback, is reached; loopback or plain http pass only that way.
 */
public final class ProviderHosts {
    private static final Pattern LABELS = Pattern.compile("[a-z0-9*]([a-z0-9*-]*[a-z0-9*])?(\\.[a-z0-9*]([a-z0-9*-]*[a-z0-9*])?)+");
    private final List<Pattern> api;
    private final List<Pattern> delivery;
    private final boolean anyDelivery;

    private ProviderHosts(List<Pattern> api, List<Pattern> delivery, boolean anyDelivery) {
        this.api = api;
        this.delivery = delivery;
        this.anyDelivery = anyDelivery;
    }

    /** A provider whose answers point only at its configured base URL (a self-hosted server, one answering inline). */
    public static ProviderHosts baseOnly() {
        return new ProviderHosts(List.of(), List.of(), false);
    }

    /** A provider whose API is on {@code hosts} (our key may go there), besides its configured base URL. */
    public static ProviderHosts api(String... hosts) {
        return new ProviderHosts(patterns(hosts), List.of(), false);
    }

    /** These, with results also downloaded (without our key) from {@code hosts}. */
    public ProviderHosts delivery(String... hosts) {
        return new ProviderHosts(api, patterns(hosts), false);
    }

    /**
     * These, with results downloaded (without our key) from any public {@code https} host: for a provider whose
     * documentation names none. The download is still the safe fetch's (public addresses only, pinned, size-bounded).
     */
    public ProviderHosts deliveryFromAnyPublicHost() {
        return new ProviderHosts(api, List.of(), true);
    }

    /** The hosts allowed for a provider configured at {@code base} (its {@code baseUrl}, or the adapter's default). */
    public Allowed at(String base) {
        return new Allowed(this, URI.create(base), InetAddress::getAllByName);
    }

    /** How a host is resolved (tests resolve a name to the address they need). */
    @FunctionalInterface
    public interface Resolver {
        InetAddress[] resolve(String host) throws UnknownHostException;
    }

    /** The checks of one provider's answered URLs, at its configured base. */
    public static final class Allowed {
        private final ProviderHosts hosts;
        private final URI base;
        private final Resolver resolver;

        Allowed(ProviderHosts hosts, URI base, Resolver resolver) {
            this.hosts = hosts;
            this.base = base;
            this.resolver = resolver;
        }

        /** The same checks with another resolver. */
        public Allowed resolvingWith(Resolver other) {
            return new Allowed(hosts, base, other);
        }

        /** {@code url}, when our key may be sent there: the base's origin, or one of the API hosts. */
        public URI keyed(ProviderSpec provider, String url) {
            return check(provider, url, true);
        }

        /** {@code url}, when a result may be downloaded from it without our key: as {@link #keyed}, or a delivery host. */
        public URI delivered(ProviderSpec provider, String url) {
            return check(provider, url, false);
        }

        private URI check(ProviderSpec provider, String url, boolean keyed) {
            URI uri = parse(provider, url);
            if (sameOrigin(uri)) {
                return uri;
            }
            String host = host(uri);
            if (!"https".equalsIgnoreCase(uri.getScheme()) || uri.getPort() != -1 && uri.getPort() != 443) {
                throw refused(provider, "answered a URL that is not https: " + host);
            }
            boolean listed = matches(hosts.api, host) || !keyed && (hosts.anyDelivery || matches(hosts.delivery, host));
            if (!listed) {
                throw refused(provider, "answered a URL on " + host + ", which is not one of its hosts" + (keyed ? " for our key" : ""));
            }
            InetAddress[] addresses;
            try {
                addresses = resolver.resolve(host);
            } catch (UnknownHostException e) {
                throw refused(provider, "answered a URL on " + host + ", which does not resolve");
            }
            for (InetAddress address : addresses) {
                if (!AddressPolicy.isPublic(address)) {
                    throw refused(provider, "answered a URL on " + host + ", which resolves to a private address");
                }
            }
            return uri;
        }

        private boolean sameOrigin(URI uri) {
            return uri.getScheme() != null && uri.getScheme().equalsIgnoreCase(base.getScheme())
                    && host(uri).equals(host(base)) && port(uri) == port(base);
        }
    }

    private static URI parse(ProviderSpec provider, String url) {
        try {
            URI uri = new URI(url);
            if (uri.getHost() == null || uri.getScheme() == null || uri.getRawUserInfo() != null) {
                throw refused(provider, "answered a URL without a host, or with credentials in it");
            }
            return uri;
        } catch (URISyntaxException | NullPointerException e) {
            throw refused(provider, "answered something that is not a URL");
        }
    }

    private static ProviderException refused(ProviderSpec provider, String why) {
        return ProviderException.failed(provider.id() + " " + why + "; it is not followed");
    }

    private static String host(URI uri) {
        String host = uri.getHost().toLowerCase(Locale.ROOT);
        return host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
    }

    private static int port(URI uri) {
        if (uri.getPort() != -1) {
            return uri.getPort();
        }
        return "https".equalsIgnoreCase(uri.getScheme()) ? 443 : "http".equalsIgnoreCase(uri.getScheme()) ? 80 : -1;
    }

    private static boolean matches(List<Pattern> patterns, String host) {
        return patterns.stream().anyMatch(p -> p.matcher(host).matches());
    }

    private static List<Pattern> patterns(String... hosts) {
        return java.util.Arrays.stream(hosts).map(h -> {
            String host = h.toLowerCase(Locale.ROOT);
            if (!LABELS.matcher(host).matches()) {
                throw new IllegalArgumentException("not a host or a family of hosts: " + h);
            }
            return Pattern.compile(Pattern.quote(host).replace("*", "\\E[a-z0-9-]+\\Q"));
        }).toList();
    }
}
