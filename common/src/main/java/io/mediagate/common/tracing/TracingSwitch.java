package io.mediagate.common.tracing;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Tracing is on exactly when {@code MEDIAGATE_OTLP_ENDPOINT} names a collector: this source turns the
 * OpenTelemetry SDK off otherwise, so a service without a collector exports no spans.
 * An explicit {@code QUARKUS_OTEL_SDK_DISABLED} (or system property) still wins: this source's ordinal is
 * below both.
 */
public class TracingSwitch implements ConfigSource {
    static final String ENDPOINT = "MEDIAGATE_OTLP_ENDPOINT";
    static final String DISABLED = "quarkus.otel.sdk.disabled";
    private final String disabled;

    public TracingSwitch() {
        this(System.getenv(ENDPOINT));
    }

    TracingSwitch(String endpoint) {
        this.disabled = String.valueOf(endpoint == null || endpoint.isBlank());
    }

    @Override
    public Set<String> getPropertyNames() {
        return Set.of(DISABLED);
    }

    @Override
    public Map<String, String> getProperties() {
        return Map.of(DISABLED, disabled);
    }

    @Override
    public String getValue(String name) {
        return DISABLED.equals(name) ? disabled : null;
    }

    @Override
    public String getName() {
        return "mediagate-tracing-switch";
    }

    @Override
    public int getOrdinal() {
        return 200;
    }
}
