package io.mediagate.infra;

import java.io.IOException;
import java.net.ServerSocket;

/** {@code FreePort <n>}: prints a port p such that p..p+n-1 were all free when checked. */
public final class FreePort {
    private FreePort() {
    }

    public static void main(String[] args) throws IOException {
        System.out.println(find(Integer.parseInt(args[0])));
    }

    public static int find(int count) throws IOException {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port;
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
            if (port + count < 65535 && free(port, count)) {
                return port;
            }
        }
        throw new IOException("no free range of " + count + " ports");
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
