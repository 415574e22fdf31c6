package io.mediagate.routing.providers.local;

/**
 * How finely the local renderer draws, as its {@code quality}: the colour steps of the gradient and the size of the square
 * cells the pattern is sampled in. {@code HIGH} is also what {@code auto} (or no quality) gets.
 */
enum Detail {
    LOW(8, 8), MEDIUM(24, 3), HIGH(64, 1);

    final int levels;
    final int cell;

    Detail(int levels, int cell) {
        this.levels = levels;
        this.cell = cell;
    }

    /** The detail of a {@code quality} value: low, medium, or high for anything else. */
    static Detail of(Object quality) {
        return "low".equals(quality) ? LOW : "medium".equals(quality) ? MEDIUM : HIGH;
    }

    String wire() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
