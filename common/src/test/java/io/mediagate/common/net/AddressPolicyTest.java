package io.mediagate.common.net;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AddressPolicyTest {
    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "127.8.9.10", "0.0.0.0", "10.0.0.1", "172.16.0.1", "172.31.255.255",
            "192.168.1.1", "169.254.169.254", "100.64.0.1", "198.18.0.1", "224.0.0.1", "255.255.255.255",
            "::1", "::", "fe80::1", "fc00::1", "fd12:3456::1", "::ffff:10.0.0.1", "::ffff:127.0.0.1", "64:ff9b::a00:1",
            // 6to4 of 127.0.0.1 and of 169.254.169.254; Teredo with a private server or a loopback client (stored inverted)
            "2002:7f00:1::1", "2002:a9fe:a9fe::1", "2001:0:a00:1::1", "2001:0:4136:e378:8000:63bf:80ff:fffe",
            "64:ff9b:1::1", "2001:db8::1", "192.0.2.1", "198.51.100.7", "203.0.113.9", "192.0.0.8"})
    void refusesEveryNonPublicAddress(String address) throws Exception {
        assertFalse(AddressPolicy.isPublic(InetAddress.getByName(address)), address);
    }

    @ParameterizedTest
    @ValueSource(strings = {"8.8.8.8", "1.1.1.1", "93.184.216.34", "172.32.0.1", "100.128.0.1", "2606:4700::1111",
            "::ffff:8.8.8.8",
            // 6to4 of 8.8.8.8; Teredo with public server 65.54.227.120 and public client 8.8.8.8 (f7f7:f7f7 inverted)
            "2002:808:808::1", "2001:0:4136:e378:8000:63bf:f7f7:f7f7", "64:ff9b::808:808"})
    void allowsPublicAddresses(String address) throws Exception {
        assertTrue(AddressPolicy.isPublic(InetAddress.getByName(address)), address);
    }
}
