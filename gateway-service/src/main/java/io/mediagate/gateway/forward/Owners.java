package io.mediagate.gateway.forward;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** Base URLs of the services that own each kind of data. */
@ApplicationScoped
public class Owners {
    private final String catalog;
    private final String media;
    private final String routing;
    private final String usage;

    Owners(@ConfigProperty(name = "mediagate.catalog.url") String catalog,
           @ConfigProperty(name = "mediagate.media.url") String media,
           @ConfigProperty(name = "mediagate.routing.url") String routing,
           @ConfigProperty(name = "mediagate.usage.url") String usage) {
        this.catalog = catalog;
        this.media = media;
        this.routing = routing;
        this.usage = usage;
    }

    public String catalog() {
        return catalog;
    }

    public String media() {
        return media;
    }

    public String routing() {
        return routing;
    }

    public String usage() {
        return usage;
    }
}
