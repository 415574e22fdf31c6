package io.mediagate.media.records;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Prompts as words for search: lower case, split at anything that is not a letter or digit. Stored as
 * {@code " w1 w2 … "} so that {@code LIKE '% word %'} matches whole words only.
 */
public final class PromptWords {
    private PromptWords() {
    }

    public static List<String> words(String text) {
        if (text == null) {
            return List.of();
        }
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")).filter(w -> !w.isEmpty()).toList();
    }

    public static String stored(String prompt) {
        return " " + String.join(" ", words(prompt)) + " ";
    }
}
