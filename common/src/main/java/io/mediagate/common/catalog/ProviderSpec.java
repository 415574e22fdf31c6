package io.mediagate.common.catalog;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.time.Instant;
import java.util.List;

/**
 * A provider as declared in the catalog file. {@code adapter} names the code that talks to it;
 * {@code apiKeyEnv} names the environment variable holding its credential (never the credential).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ProviderSpec(
        String id,
        String name,
        String adapter,
        List<String> media,
        boolean enabled,
        String baseUrl,
        String apiKeyEnv,
        Instant createdAt) {
}
