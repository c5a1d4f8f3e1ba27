import { describe, expect, it } from "vitest";
import {
  BlockedAddressError,
  classifyAddress,
  isPublicAddress,
  publicOnlyLookup,
} from "../../server/pages/address-guard";

describe("isPublicAddress", () => {
  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "100.63.255.255",
    "100.128.0.0",
    "172.15.255.255",
    "172.32.0.0",
    "192.167.255.255",
    "192.169.0.0",
    "223.255.255.255",
    "2606:4700:4700::1111",
    "2001:4860:4860::8888",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("accepts the public address %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "10.0.0.1",
    "10.255.255.255",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "100.127.255.255",
    "0.0.0.0",
    "0.1.2.3",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "192.0.2.10",
    "198.18.0.1",
    "198.51.100.7",
    "203.0.113.9",
    "::",
    "::1",
    "[::1]",
    "0:0:0:0:0:0:0:1",
    "fc00::1",
    "fd12:3456:789a::1",
    "fe80::1",
    "fe80::1%eth0",
    "febf:ffff::1",
    "fec0::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::ffff:c0a8:101",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "64:ff9b::a00:1",
    "2002:7f00:1::1",
    "2002:c0a8:101::1",
    "2001:db8::1",
    "2001::1",
    "100::1",
  ])("refuses the non-public address %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(["localhost", "", "1.2.3", "example.com", "999.1.1.1", "::g"])(
    "refuses %j, which is no IP address",
    (text) => {
      expect(isPublicAddress(text)).toBe(false);
    },
  );
});

describe("classifyAddress", () => {
  it("names the range an address belongs to", () => {
    expect(classifyAddress("127.0.0.1")).toBe("loopback");
    expect(classifyAddress("::1")).toBe("loopback");
    expect(classifyAddress("::ffff:127.0.0.1")).toBe("loopback");
    expect(classifyAddress("10.1.2.3")).toBe("private");
    expect(classifyAddress("fd00::1")).toBe("private");
    expect(classifyAddress("169.254.1.1")).toBe("link-local");
    expect(classifyAddress("fe80::1")).toBe("link-local");
    expect(classifyAddress("100.64.0.1")).toBe("shared (carrier-grade NAT)");
    expect(classifyAddress("0.0.0.0")).toBe("unspecified");
    expect(classifyAddress("::")).toBe("unspecified");
    expect(classifyAddress("ff02::1")).toBe("multicast");
    expect(classifyAddress("8.8.8.8")).toBe("public");
  });
});

describe("publicOnlyLookup", () => {
  const lookup = (hostname: string, all: boolean) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) => {
      publicOnlyLookup(hostname, { all }, (error, address) => resolve({ error, address }));
    });

  it("refuses a name that resolves to loopback, whichever form the caller asks for", async () => {
    for (const all of [false, true]) {
      const { error } = await lookup("localhost", all);
      expect(error).toBeInstanceOf(BlockedAddressError);
      expect(error?.message).toBe(
        "localhost resolves to an address that is not public; only public addresses may be fetched",
      );
      expect((error as BlockedAddressError).address).toMatch(/^(127\.0\.0\.1|::1)$/);
    }
  });

  it("passes resolver errors through", async () => {
    const { error } = await lookup("no-such-host.invalid", false);
    expect(error).not.toBeNull();
    expect(error).not.toBeInstanceOf(BlockedAddressError);
  });
});
