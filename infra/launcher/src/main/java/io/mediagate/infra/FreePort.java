package io.mediagate.infra;

import java.io.BufferedReader;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * {@code FreePort <n>}: prints a port p such that p..p+n-1 were all free when checked. The ports are
 * picked below the kernel's ephemeral range, so that the outgoing connections made while a service
 * starts (to the database, the broker, other services) cannot take one of them before it binds.
 */
public final class FreePort {
    private static final int LOWEST = 10_000;

    private FreePort() {
    }

    public static void main(String[] args) throws IOException {
        System.out.println(find(Integer.parseInt(args[0])));
    }

    public static int find(int count) throws IOException {
        int below = ephemeralStart();
        ThreadLocalRandom random = ThreadLocalRandom.current();
        for (int attempt = 0; attempt < 200; attempt++) {
            int port = below - count > LOWEST + 1 ? random.nextInt(LOWEST, below - count) : ephemeral();
            if (port + count < 65535 && free(port, count)) {
                return port;
            }
        }
        throw new IOException("no free range of " + count + " ports");
    }

    /** The first port of the kernel's ephemeral range (Linux), or 0 when it cannot be read. */
    private static int ephemeralStart() {
        // Read as a line: Files.readString trusts the size /proc reports and returns only part of the file.
        try (BufferedReader reader = Files.newBufferedReader(Path.of("/proc/sys/net/ipv4/ip_local_port_range"))) {
            return Integer.parseInt(reader.readLine().trim().split("\\s+")[0]);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }

    private static int ephemeral() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static boolean free(int from, int count) {
        for (int p = from; p < from + count; p++) {
            try (ServerSocket ignored = new ServerSocket(p)) {
                // free
            } catch (IOException e) {
                return false;
            }
        }
        return true;
    }
}
