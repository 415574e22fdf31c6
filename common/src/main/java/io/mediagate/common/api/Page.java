package io.mediagate.common.api;

/**
 * Validated pagination: {@code limit} 1..100 (default 25), {@code page} >= 0 (default 0).
 * Anything else is a 400 naming the parameter.
 */
public record Page(int limit, int page) {
    public static final int DEFAULT_LIMIT = 25;
    public static final int MAX_LIMIT = 100;

    public static Page parse(String limit, String page) {
        int l = parseInt("limit", limit, DEFAULT_LIMIT);
        int p = parseInt("page", page, 0);
        if (l < 1 || l > MAX_LIMIT) {
            throw ApiException.invalid("limit", "limit must be between 1 and " + MAX_LIMIT);
        }
        if (p < 0) {
            throw ApiException.invalid("page", "page must be 0 or greater");
        }
        return new Page(l, p);
    }

    private static int parseInt(String name, String value, int fallback) {
        if (value == null || value.isBlank()) {
            return fallback;
        }
        try {
            return Integer.parseInt(value.trim());
        } catch (NumberFormatException e) {
            throw ApiException.invalid(name, name + " must be an integer");
        }
    }

    public long offset() {
        return (long) limit * page;
    }
}
