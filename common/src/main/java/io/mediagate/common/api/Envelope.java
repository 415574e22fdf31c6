package io.mediagate.common.api;

/** The success envelope for everything that is not a generation: {@code {success:true, result:{...}}}. */
public record Envelope<T>(boolean success, T result) {
    public static <T> Envelope<T> of(T result) {
        return new Envelope<>(true, result);
    }
}
