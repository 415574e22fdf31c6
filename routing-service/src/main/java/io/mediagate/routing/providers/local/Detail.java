package io.mediagate.routing.providers.local;

/**
 * How finely the local renderer draws: the colour steps of the gradient ({@code levels}) and the size of the square cells
 * the pattern is sampled in ({@code cell}). Its {@code quality} picks {@link #LOW}, {@link #MEDIUM} or {@link #HIGH}
 * ({@code HIGH} is also what {@code auto}, or no quality, gets); a streamed job's partial images are coarser still,
 * each finer than the one before ({@link #partial}).
 */
record Detail(String name, int levels, int cell) {
    static final Detail LOW = new Detail("low", 8, 8);
    static final Detail MEDIUM = new Detail("medium", 24, 3);
    static final Detail HIGH = new Detail("high", 64, 1);

    /** The detail of a {@code quality} value: low, medium, or high for anything else. */
    static Detail of(Object quality) {
        return "low".equals(quality) ? LOW : "medium".equals(quality) ? MEDIUM : HIGH;
    }

    /** The {@code index}-th of {@code count} partial images: cells of 16, 8 then 4 pixels for three, the last the finest. */
    static Detail partial(int index, int count) {
        return new Detail("partial", 6 * (index + 1), 4 << (count - 1 - index));
    }

    String wire() {
        return name;
    }
}
