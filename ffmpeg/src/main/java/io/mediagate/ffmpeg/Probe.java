package io.mediagate.ffmpeg;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What ffprobe says of a file: its container and its streams. */
public record Probe(String formatName, double durationSeconds, long bytes, List<Stream> streams) {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One stream: {@code type} is {@code video}, {@code audio}, ... */
    public record Stream(String type, String codec, int width, int height, String pixelFormat, double durationSeconds,
                         long frames) {}

    public Optional<Stream> video() {
        return streams.stream().filter(s -> "video".equals(s.type())).findFirst();
    }

    /** The audio streams, none when the file is silent. */
    public List<Stream> audio() {
        return streams.stream().filter(s -> "audio".equals(s.type())).toList();
    }

    static Probe parse(String json) {
        try {
            JsonNode root = JSON.readTree(json);
            JsonNode format = root.path("format");
            List<Stream> streams = new ArrayList<>();
            for (JsonNode s : root.path("streams")) {
                streams.add(new Stream(s.path("codec_type").asText(null), s.path("codec_name").asText(null),
                        s.path("width").asInt(0), s.path("height").asInt(0), s.path("pix_fmt").asText(null),
                        s.path("duration").asDouble(0), s.path("nb_frames").asLong(0)));
            }
            return new Probe(format.path("format_name").asText(""), format.path("duration").asDouble(0),
                    format.path("size").asLong(0), List.copyOf(streams));
        } catch (IOException e) {
            throw new FfmpegException("ffprobe printed unreadable JSON", e);
        }
    }
}
