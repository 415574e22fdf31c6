package io.mediagate.common.catalog;

import java.util.Arrays;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The kinds of provider routing-service can talk to, by the catalog's {@code adapter} name: the one list that
 * routing's registry ({@code Adapters}), the catalog's validation and the catalog check's model listings each switch over
 * exhaustively, so that a kind added here fails to compile wherever it is not yet handled. {@code fixedClipLengths}: the
 * kind's providers make videos only in fixed clip lengths, which its video offers must then list
 * ({@code options.durations}: the clip asked for, and charged for, is read from there).
 */
public enum AdapterKind {
    LOCAL("local", false), FAKE("fake", false),
    OPENAI("openai", false), OPENAI_COMPATIBLE("openai-compatible", false), AZURE_OPENAI("azure-openai", false),
    XAI("xai", false), GEMINI("gemini", false), IDEOGRAM("ideogram", false), RECRAFT("recraft", false),
    STABILITY("stability", false), BFL("bfl", false), REPLICATE("replicate", false), FAL("fal", false),
    A1111("a1111", false), COMFYUI("comfyui", false), BEDROCK("bedrock", true),
    VEO("veo", true), OMNI("omni", true), RUNWAY("runway", true), LUMA("luma", true), MINIMAX("minimax", true),
    KLING("kling", true), VIDU("vidu", true);

    private final String wire;
    private final boolean fixedClipLengths;

    AdapterKind(String wire, boolean fixedClipLengths) {
        this.wire = wire;
        this.fixedClipLengths = fixedClipLengths;
    }

    /** The name a catalog's provider gives as its {@code adapter}. */
    public String wire() {
        return wire;
    }

    public boolean fixedClipLengths() {
        return fixedClipLengths;
    }

    /** The kind a catalog names, if it is one. */
    public static Optional<AdapterKind> of(String wire) {
        return Arrays.stream(values()).filter(k -> k.wire.equals(wire)).findFirst();
    }

    /** Every name, sorted (for messages that list them). */
    public static Set<String> names() {
        return Arrays.stream(values()).map(AdapterKind::wire).collect(Collectors.toCollection(TreeSet::new));
    }
}
