import ipaddr from 'ipaddr.js';

/**
 * The client a limit counts: an IPv4 address as it is, an IPv6 address by its /64 network.
 * One IPv6 subscriber is usually given a whole /64, so counting single IPv6 addresses would
 * let one client act as 2^64 (ADR 0010). An IPv4 address mapped into IPv6 counts as IPv4.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`);
  return `${network.toString()}/64`;
}
