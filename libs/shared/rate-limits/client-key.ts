import { isIP } from 'node:net';

/**
 * Who a request comes from, for rate limits: the IPv4 address, or the /64 network of an IPv6 one (one
 * subscriber usually holds a whole /64, so counting single IPv6 addresses would let a client rotate through
 * billions of them). `ip` is Express's `request.ip`, which honours TRUST_PROXY.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIP(ip) !== 6) return ip;
  const [head = '', tail] = ip.toLowerCase().split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
