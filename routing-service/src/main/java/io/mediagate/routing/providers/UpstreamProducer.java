package io.mediagate.routing.providers;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.mediagate.routing.fetch.SafeFetch;
import io.mediagate.routing.support.Pause;
import io.mediagate.routing.support.RoutingConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Clock;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Wires what the HTTP adapters share. */
public class UpstreamProducer {
    /** An upstream job may take as long as a video attempt; an attempt's own timeout stops it sooner. */
    @Produces
    @Singleton
    Poller poller(RoutingConfig routing, Poller.Config polling, Clock clock) {
        return new Poller(new Poller.Settings(polling.first(), polling.max(), routing.videoAttemptTimeout()),
                clock, Pause.REAL);
    }

    @Produces
    @Singleton
    Upstream upstream(ObjectMapper json, Poller poller, SafeFetch fetch, Clock clock,
                      @ConfigProperty(name = "mediagate.providers.call-timeout", defaultValue = "5m") Duration callTimeout) {
        return new Upstream(json, poller, fetch, callTimeout, clock);
    }
}
