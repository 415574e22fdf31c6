package io.mediagate.routing.providers;

import java.nio.file.Path;

/** A video a provider made, as a local file in the job's scratch directory. */
public record GeneratedVideo(Path file, String mime) {
}
