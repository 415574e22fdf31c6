package io.mediagate.common.net;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * Which addresses a remote fetch or a webhook may reach: public unicast only. Refused: loopback, unspecified,
 * link-local (with the cloud metadata address 169.254.169.254), private (10/8, 172.16/12, 192.168/16),
 * carrier-grade NAT (100.64/10), IETF protocol assignments (192.0.0/24), documentation ranges, benchmarking
 * (198.18/15), multicast and reserved ranges; IPv6 unique-local (fc00::/7), site-local, documentation
 * (2001:db8::/32) and local-use NAT64 (64:ff9b:1::/48). IPv4 addresses carried inside IPv6 are judged by the
 * address they carry: mapped and compatible (::ffff:a.b.c.d, ::a.b.c.d), NAT64 (64:ff9b::/96), 6to4
 * (2002:AABB:CCDD::/48) and Teredo (2001:0::/32: both the server's address and the client's, which is stored
 * inverted).
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
            return publicV4(b, 0);
        }
        return address instanceof Inet6Address && publicV6(b);
    }

    private static boolean publicV6(byte[] b) {
        int w0 = word(b, 0);
        int w1 = word(b, 2);
        if ((b[0] & 0xFE) == 0xFC || (w0 == 0x2001 && w1 == 0x0db8) || (w0 == 0x0064 && w1 == 0xff9b && word(b, 4) == 0x0001)) {
            return false;
        }
        boolean zeroPrefix = true;
        for (int i = 0; i < 10; i++) {
            zeroPrefix &= b[i] == 0;
        }
        boolean mapped = zeroPrefix && (b[10] & 0xFF) == 0xFF && (b[11] & 0xFF) == 0xFF;
        boolean compatible = zeroPrefix && b[10] == 0 && b[11] == 0;
        boolean nat64 = w0 == 0x0064 && w1 == 0xff9b && word(b, 4) == 0 && word(b, 6) == 0 && word(b, 8) == 0 && word(b, 10) == 0;
        if (mapped || compatible || nat64) {
            return publicV4(b, 12);
        }
        if (w0 == 0x2002) {
            return publicV4(b, 2);
        }
        if (w0 == 0x2001 && w1 == 0x0000) {
            byte[] client = new byte[4];
            for (int i = 0; i < 4; i++) {
                client[i] = (byte) ~b[12 + i];
            }
            return publicV4(b, 4) && publicV4(client, 0);
        }
        return true;
    }

    private static int word(byte[] b, int at) {
        return ((b[at] & 0xFF) << 8) | (b[at + 1] & 0xFF);
    }

    private static boolean publicV4(byte[] bytes, int at) {
        int a = bytes[at] & 0xFF;
        int b = bytes[at + 1] & 0xFF;
        int c = bytes[at + 2] & 0xFF;
        return !(a == 0 || a == 10 || a == 127 || a >= 224
                || (a == 100 && b >= 64 && b <= 127)
                || (a == 169 && b == 254)
                || (a == 172 && b >= 16 && b <= 31)
                || (a == 192 && b == 168)
                || (a == 192 && b == 0 && (c == 0 || c == 2))
                || (a == 198 && (b == 18 || b == 19))
                || (a == 198 && b == 51 && c == 100)
                || (a == 203 && b == 0 && c == 113));
    }
}
