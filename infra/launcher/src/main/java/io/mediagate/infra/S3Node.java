package io.mediagate.infra;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** An S3 API server (S3Proxy on a local directory) from the jars of {@code infra/s3/target/lib}. */
public final class S3Node {
    private S3Node() {
    }

    public static Node start(Path lib, Path home, int port, String accessKey, String secretKey)
            throws IOException, InterruptedException {
        Path data = home.resolve("data");
        Files.createDirectories(data);
        Path config = home.resolve("s3proxy.conf");
        Files.writeString(config, String.join("\n",
                "s3proxy.endpoint=http://127.0.0.1:" + port,
                "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + accessKey,
                "s3proxy.credential=" + secretKey,
                "jclouds.provider=filesystem",
                "jclouds.identity=" + accessKey,
                "jclouds.credential=" + secretKey,
                "jclouds.filesystem.basedir=" + data.toAbsolutePath(),
                // The web console PUTs uploads from the browser to presigned addresses on this server: another
                // origin, so the browser asks first (CORS). The signature, not the origin, guards every write.
                "s3proxy.cors-allow-all=true",
                "s3proxy.cors-exposed-headers=ETag",
                ""));
        Path logback = home.resolve("logback.xml");
        Files.writeString(logback, """
                <configuration>
                  <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
                    <encoder><pattern>%d{ISO8601} %level %logger{20} %msg%n</pattern></encoder>
                  </appender>
                  <root level="WARN"><appender-ref ref="OUT"/></root>
                </configuration>
                """);
        List<String> cmd = new ArrayList<>(Node.java("s3", "64m", lib, "org.gaul.s3proxy.Main",
                List.of("-Dlogback.configurationFile=" + logback.toAbsolutePath())));
        cmd.addAll(List.of("--properties", config.toAbsolutePath().toString()));
        return Node.start("s3", home, cmd, port, "http://127.0.0.1:" + port, Duration.ofSeconds(60));
    }
}
