package io.mediagate.routing.providers.conformance;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a test of a provider's wire exercises, for the capability matrix ({@code docs/capabilities.md}, written by
 * {@code CapabilityMatrixTest} from these and nothing else): on a class, the {@link #adapters} whose wire its tests speak and
 * the operation its whole suite runs (every scenario of {@link AdapterConformance} for it); on a test method, what that test
 * adds: an operation ({@code video}, {@code first-frame}, {@code last-frame}, {@code upscale}, ...; see the matrix's
 * columns) or a request parameter as the provider is sent it ({@code aspect_ratio=9:16}, {@code mask}). Not inherited: a
 * subclass that runs its parent's suite on another operation says so itself.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Exercises {
    /** The catalog's adapter names (class level only; a method's are its class's). */
    String[] adapters() default {};

    /** The operations and parameters exercised. */
    String[] value();
}
