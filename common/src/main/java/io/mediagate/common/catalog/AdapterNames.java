package io.mediagate.common.catalog;

import java.util.Set;

/**
 * The adapter names a catalog's providers may use: one for each kind of provider routing-service can talk to.
 * The catalog refuses any other name at load (a typo would otherwise make a provider silently unroutable), and
 * routing's tests check that it wires exactly these.
 */
public final class AdapterNames {
    public static final Set<String> ALL = Set.of("local", "fake", "openai", "openai-compatible", "azure-openai", "stability", "bfl",
            "replicate", "fal", "xai", "gemini", "ideogram", "recraft", "a1111", "comfyui", "veo", "omni", "runway", "luma", "minimax", "kling", "vidu", "bedrock");

    /**
     * Adapters whose providers make videos only in fixed clip lengths: their video offers must list them
     * ({@code options.durations}), because the clip asked for, and charged for, is read from there.
     */
    public static final Set<String> FIXED_CLIP_LENGTHS = Set.of("veo", "omni", "runway", "luma", "minimax", "kling", "vidu", "bedrock");

    private AdapterNames() {
    }
}
