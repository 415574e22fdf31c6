package io.mediagate.routing.fetch;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * Which addresses a remote fetch may reach: public unicast only. Refused: loopback, unspecified,
 * link-local (with the cloud metadata address 169.254.169.254), private (10/8, 172.16/12, 192.168/16),
 * carrier-grade NAT (100.64/10), benchmarking (198.18/15), multicast and reserved ranges, IPv6
 * unique-local (fc00::/7), and IPv4 addresses wrapped in IPv6 (mapped, compatible, NAT64) by the
 * address they wrap.
 */
public final class AddressPolicy {
    private AddressPolicy() {
    }

    public static boolean isPublic(InetAddress address) {
        if (address.isLoopbackAddress() || address.isAnyLocalAddress() || address.isLinkLocalAddress()
                || address.isSiteLocalAddress() || address.isMulticastAddress()) {
            return false;
        }
        byte[] b = address.getAddress();
        if (address instanceof Inet4Address) {
            return publicV4(b[0] & 0xFF, b[1] & 0xFF);
        }
        if (address instanceof Inet6Address) {
            int first = b[0] & 0xFF;
            if ((first & 0xFE) == 0xFC) {
                return false;
            }
            boolean zeroPrefix = true;
            for (int i = 0; i < 10; i++) {
                zeroPrefix &= b[i] == 0;
            }
            boolean mapped = zeroPrefix && (b[10] & 0xFF) == 0xFF && (b[11] & 0xFF) == 0xFF;
            boolean compatible = zeroPrefix && b[10] == 0 && b[11] == 0;
            boolean nat64 = (b[0] & 0xFF) == 0x00 && (b[1] & 0xFF) == 0x64 && (b[2] & 0xFF) == 0xFF && (b[3] & 0xFF) == 0x9B;
            if (mapped || compatible || nat64) {
                return publicV4(b[12] & 0xFF, b[13] & 0xFF) && !(b[12] == 0 && b[13] == 0 && b[14] == 0);
            }
            return true;
        }
        return false;
    }

    private static boolean publicV4(int a, int b) {
        return !(a == 0 || a == 10 || a == 127 || a >= 224
                || (a == 100 && b >= 64 && b <= 127)
                || (a == 169 && b == 254)
                || (a == 172 && b >= 16 && b <= 31)
                || (a == 192 && b == 168)
                || (a == 192 && b == 0)
                || (a == 198 && (b == 18 || b == 19)));
    }
}
