/**
 * SSRF guard: which IP addresses a page fetch may connect to. Only globally routable unicast addresses
 * are public; everything an attacker could use to reach the server's own network is not.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isIPv4, isIPv6 } from "node:net";

export type AddressKind =
  | "public"
  | "unspecified"
  | "loopback"
  | "private"
  | "link-local"
  | "shared (carrier-grade NAT)"
  | "multicast"
  | "documentation"
  | "reserved"
  | "not an IP address";

type Ipv4Range = readonly [base: number, prefixLength: number, kind: AddressKind];

const ipv4 = (text: string) => text.split(".").reduce((value, part) => value * 256 + Number(part), 0);

// IANA IPv4 special-purpose registry, the ranges that are not globally reachable.
const NON_PUBLIC_IPV4: readonly Ipv4Range[] = [
  [ipv4("0.0.0.0"), 8, "unspecified"],
  [ipv4("10.0.0.0"), 8, "private"],
  [ipv4("100.64.0.0"), 10, "shared (carrier-grade NAT)"],
  [ipv4("127.0.0.0"), 8, "loopback"],
  [ipv4("169.254.0.0"), 16, "link-local"],
  [ipv4("172.16.0.0"), 12, "private"],
  [ipv4("192.0.0.0"), 24, "reserved"],
  [ipv4("192.0.2.0"), 24, "documentation"],
  [ipv4("192.88.99.0"), 24, "reserved"],
  [ipv4("192.168.0.0"), 16, "private"],
  [ipv4("198.18.0.0"), 15, "reserved"],
  [ipv4("198.51.100.0"), 24, "documentation"],
  [ipv4("203.0.113.0"), 24, "documentation"],
  [ipv4("224.0.0.0"), 4, "multicast"],
  [ipv4("240.0.0.0"), 4, "reserved"],
];

function classifyIpv4(value: number): AddressKind {
  for (const [base, prefixLength, kind] of NON_PUBLIC_IPV4) {
    const size = 2 ** (32 - prefixLength);
    if (value >= base && value < base + size) return kind;
  }
  return "public";
}

/** The eight 16-bit groups of an IPv6 address (embedded dotted IPv4 tail and zone id allowed). */
function ipv6Groups(text: string): number[] {
  let address = text.replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    const value = ipv4(dotted[1]);
    address = `${address.slice(0, -dotted[1].length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = "", tail] = address.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => Number.parseInt(group, 16)) : []);
  const headGroups = parse(head);
  const tailGroups = tail === undefined ? [] : parse(tail);
  const zeros = new Array<number>(8 - headGroups.length - tailGroups.length).fill(0);
  return [...headGroups, ...zeros, ...tailGroups];
}

const embeddedIpv4 = (high: number, low: number) => high * 65536 + low;

function classifyIpv6(groups: number[]): AddressKind {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = groups;
  const upperZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (upperZero && g5 === 0 && g6 === 0 && g7 === 0) return "unspecified";
  if (upperZero && g5 === 0 && g6 === 0 && g7 === 1) return "loopback";
  // IPv4-mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::) carry an IPv4
  // address that decides where the packet really goes.
  if (upperZero && g5 === 0xffff) return classifyIpv4(embeddedIpv4(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return classifyIpv4(embeddedIpv4(g6, g7));
  }
  if (g0 === 0x2002) return classifyIpv4(embeddedIpv4(g1, g2));
  if ((g0 & 0xfe00) === 0xfc00) return "private";
  if ((g0 & 0xffc0) === 0xfe80) return "link-local";
  if ((g0 & 0xff00) === 0xff00) return "multicast";
  if (g0 === 0x2001 && g1 === 0x0db8) return "documentation";
  if (g0 === 0x3fff && g1 < 0x1000) return "documentation";
  // 2001::/23 holds Teredo and other protocol assignments.
  if (g0 === 0x2001 && g1 < 0x0200) return "reserved";
  // Only 2000::/3 is global unicast; the rest (site-local, IPv4-compatible, discard, …) is not public.
  if ((g0 & 0xe000) !== 0x2000) return "reserved";
  return "public";
}

/** What kind of address `ip` is ("public" for a globally routable unicast address). */
export function classifyAddress(ip: string): AddressKind {
  const address = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  if (isIPv4(address)) return classifyIpv4(ipv4(address));
  if (isIPv6(address.replace(/%.*$/, ""))) return classifyIpv6(ipv6Groups(address));
  return "not an IP address";
}

/** True for a globally routable unicast IPv4 or IPv6 address; false for every other range and non-IPs. */
export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === "public";
}

/**
 * A connection the guard refused; `fetch-page` turns it into the `blocked_address` failure. The message
 * goes to the caller, so for a name it never tells what the name resolved to: that would map the server's
 * own network for whoever asks.
 */
export class BlockedAddressError extends Error {
  readonly code = "ERR_LINKLENS_BLOCKED_ADDRESS";

  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(
      `${host === address ? describeLiteral(address) : `${host} resolves to an address that is not public`}; only public addresses may be fetched`,
    );
    this.name = "BlockedAddressError";
  }
}

/** "127.0.0.1 is a loopback address": the caller wrote that address, so naming its kind tells nothing new. */
function describeLiteral(address: string): string {
  const kind = classifyAddress(address);
  return `${address} is ${/^[aeiou]/.test(kind) ? "an" : "a"} ${kind} address`;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `net.connect`/`tls.connect` that resolves like `dns.lookup` but keeps only public
 * addresses. Checking at connect time, on the address actually dialled, is what defeats DNS rebinding.
 */
export function publicOnlyLookup(hostname: string, options: LookupOptions, callback: LookupCallback): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const allowed = addresses.filter((entry) => isPublicAddress(entry.address));
    const first = allowed[0];
    const refused = addresses[0];
    if (!first) {
      const failure = refused
        ? new BlockedAddressError(hostname, refused.address)
        : Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
      return callback(failure, []);
    }
    if (options.all) callback(null, allowed);
    else callback(null, first.address, first.family);
  });
}
