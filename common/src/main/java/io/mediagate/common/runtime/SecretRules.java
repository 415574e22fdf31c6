package io.mediagate.common.runtime;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * What makes a configured secret unfit to run with: a value copied from documentation or a template, one too short to
 * resist guessing, or one whose characters are obviously not random. A secret that anyone can read in this repository
 * (the manifests once shipped {@code replace-from-your-secret-manager}) or guess in a few tries is no secret, so the
 * services refuse it at start ({@link SecretSettings}) rather than run with it.
 *
 * <p>The entropy rules only catch the obvious (repeats, runs, a short word over and over); they cannot prove a value
 * random, and a value from {@code openssl rand -base64 32} always passes them.
 */
public final class SecretRules {
    /** 32 characters: 192 bits and more in base64, 128 in hex; an AWS secret key has 40. */
    public static final int MIN_LENGTH = 32;
    /**
     * Fragments of the values documentation and templates suggest (ours, compose's and the cloud vendors' examples:
     * AWS documents {@code AKIAIOSFODNN7EXAMPLE}); long enough that no random value of a few dozen characters holds one.
     */
    private static final List<String> PLACEHOLDERS = List.of("replace", "changeme", "change-me", "change_me", "placeholder",
            "example", "secret-manager", "your-secret", "your_secret", "minioadmin");

    private SecretRules() {
    }

    /** Why {@code value} may not be a secret, or empty when it may. */
    public static Optional<String> weakness(String value) {
        Optional<String> placeholder = placeholder(value);
        if (placeholder.isPresent()) {
            return placeholder;
        }
        if (value.length() < MIN_LENGTH) {
            return Optional.of("it is " + value.length() + " characters long, fewer than the " + MIN_LENGTH + " a secret needs");
        }
        long distinct = value.chars().distinct().count();
        if (distinct < 8) {
            return Optional.of("it is made of only " + distinct + " different characters");
        }
        int steps = 0;
        for (int i = 1; i < value.length(); i++) {
            if (Math.abs(value.charAt(i) - value.charAt(i - 1)) <= 1) {
                steps++;
            }
        }
        if (steps * 2 > value.length() - 1) {
            return Optional.of("most of its characters repeat or follow on from the one before (like 'aaaa' or 'abcd')");
        }
        Set<String> triples = new HashSet<>();
        for (int i = 0; i + 3 <= value.length(); i++) {
            triples.add(value.substring(i, i + 3));
        }
        if (triples.size() * 2 < value.length() - 2) {
            return Optional.of("it repeats a short piece over and over");
        }
        return Optional.empty();
    }

    /** Why {@code value} may not even name an account (an access key id): it is a documented placeholder. */
    public static Optional<String> placeholder(String value) {
        String lower = value.toLowerCase(Locale.ROOT);
        return PLACEHOLDERS.stream().filter(lower::contains).findFirst()
                .map(p -> "it is a placeholder from documentation or a template (it contains '" + p + "')");
    }
}
