package io.mediagate.testing;

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;

/**
 * Which OpenAI image models OpenAI has shut down, and when, as its own pages say (read 2026-11-28): the Images API
 * reference ("gpt-image-1 was shut down on October 23, 2026"), the Deprecations page (gpt-image-1-mini, gpt-image-1.5 and
 * chatgpt-image-latest shut down on 2026-12-01) and the DALL-E model pages ("removed from the API"). The fakes answer a
 * shut-down model as OpenAI does, so a test still naming one fails as production would.
 */
public final class OpenAiModels {
    private static final Map<String, LocalDate> SHUTDOWN = Map.of(
            "dall-e-2", LocalDate.of(2026, 5, 12),
            "dall-e-3", LocalDate.of(2026, 5, 12),
            "gpt-image-1", LocalDate.of(2026, 10, 23),
            "gpt-image-1-mini", LocalDate.of(2026, 12, 1),
            "gpt-image-1.5", LocalDate.of(2026, 12, 1),
            "gpt-image-1.5-2025-12-16", LocalDate.of(2026, 12, 1),
            "chatgpt-image-latest", LocalDate.of(2026, 12, 1));

    private OpenAiModels() {
    }

    /** Whether OpenAI no longer serves {@code model} today (UTC). */
    public static boolean shutDown(String model) {
        LocalDate day = SHUTDOWN.get(model);
        return day != null && !LocalDate.now(ZoneOffset.UTC).isBefore(day);
    }

    /** OpenAI's message for a model it does not have (status 404, type invalid_request_error, code model_not_found). */
    public static String goneMessage(String model) {
        return "The model `" + model + "` does not exist or you do not have access to it.";
    }
}
