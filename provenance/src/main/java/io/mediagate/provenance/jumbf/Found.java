package io.mediagate.provenance.jumbf;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * A JUMBF box read back from a file's manifest store: its type and payload; a superbox ({@code jumb}) also gives its
 * label (from its description box) and its boxes. What a derived file needs of its parent's store: the manifests to
 * carry along, and the active one's label and boxes.
 */
public record Found(String type, byte[] payload) {
    private static final int HEADER = 8;

    /** The boxes laid out one after the other in {@code data}; refused when a size runs out of the data. */
    public static List<Found> boxes(byte[] data) {
        List<Found> found = new ArrayList<>();
        for (int at = 0; at < data.length; ) {
            if (data.length - at < HEADER) {
                throw new IllegalArgumentException("a JUMBF box header runs out of the data");
            }
            long size = ByteBuffer.wrap(data, at, 4).getInt() & 0xffffffffL;
            String type = new String(data, at + 4, 4, StandardCharsets.ISO_8859_1);
            int header = HEADER;
            if (size == 1) {
                if (data.length - at < 16) {
                    throw new IllegalArgumentException("a JUMBF box's long size runs out of the data");
                }
                size = ByteBuffer.wrap(data, at + 8, 8).getLong();
                header = 16;
            } else if (size == 0) {
                size = data.length - at;
            }
            if (size < header || size > data.length - at) {
                throw new IllegalArgumentException("a JUMBF box's size is out of range");
            }
            found.add(new Found(type, Arrays.copyOfRange(data, at + header, at + (int) size)));
            at += (int) size;
        }
        return found;
    }

    /** This box as it is written (size, type, payload): a carried manifest keeps its bytes. */
    public Box asBox() {
        return new Box.Content(type, payload);
    }

    /** The superbox's label, when it is one and labelled. */
    public Optional<String> label() {
        if (!type.equals("jumb")) {
            return Optional.empty();
        }
        List<Found> inside = boxes(payload);
        if (inside.isEmpty() || !inside.getFirst().type().equals("jumd")) {
            return Optional.empty();
        }
        byte[] description = inside.getFirst().payload();
        if (description.length < 18 || (description[16] & 2) == 0) {
            return Optional.empty();
        }
        int end = 17;
        while (end < description.length && description[end] != 0) {
            end++;
        }
        return Optional.of(new String(description, 17, end - 17, StandardCharsets.UTF_8));
    }

    /** The superbox's boxes after its description. */
    public List<Found> children() {
        List<Found> inside = boxes(payload);
        return inside.isEmpty() ? inside : inside.subList(1, inside.size());
    }

    /** The child superbox labelled {@code label}. */
    public Optional<Found> child(String label) {
        return children().stream().filter(c -> c.label().filter(label::equals).isPresent()).findFirst();
    }
}
