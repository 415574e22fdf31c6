package io.mediagate.infra;

import java.nio.file.Path;

/**
 * Command line for {@code ./mediagate}: {@code Launch kafka|s3|redis <lib> <home> <port> [access secret]}.
 * Starts the process detached, waits until it listens, prints {@code <pid> <endpoint>} and exits.
 */
public final class Launch {
    private Launch() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 4) {
            System.err.println("usage: Launch kafka|s3|redis <lib-dir> <home-dir> <port> [access-key secret-key]");
            System.exit(2);
        }
        Path lib = Path.of(args[1]);
        Path home = Path.of(args[2]);
        int port = Integer.parseInt(args[3]);
        Node node = switch (args[0]) {
            case "kafka" -> KafkaNode.start(lib, home, port);
            case "s3" -> S3Node.start(lib, home, port, args[4], args[5]);
            case "redis" -> RedisNode.start(lib, home, port);
            default -> throw new IllegalArgumentException("unknown component " + args[0]);
        };
        System.out.println(node.pid() + " " + node.endpoint());
    }
}
