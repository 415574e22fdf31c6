package io.mediagate.common.events;

import com.fasterxml.jackson.annotation.JsonIgnore;

/**
 * What routing tells the gateway replica holding a streamed image job's stream, on {@code generation.partials}: that the
 * job was planned (checked against the catalog and routed: {@link #started}, index -1, no image), then each partial image,
 * its 0-based {@code index} among them and the image (its bytes travel as base64 in the JSON; a preview, at most a few
 * megabytes). Nothing is stored: a record that finds no stream is dropped.
 */
public record PartialImage(String jobId, int index, String mime, byte[] image) {
    /** The word that the job was planned: its stream may open. */
    public static PartialImage started(String jobId) {
        return new PartialImage(jobId, -1, null, null);
    }

    @JsonIgnore
    public boolean started() {
        return index < 0;
    }
}
