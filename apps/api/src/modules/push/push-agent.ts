/**
 * The HTTPS agent every push goes through, so that a push endpoint cannot make the server reach inside
 * its own network (SSRF). Checking the endpoint's text when it is saved is not enough: a name can
 * resolve to 127.0.0.1 or 169.254.169.254, today or after the check. So the check sits where the
 * connection is made:
 * - a host name is resolved by this agent's `lookup`, which refuses the connection unless every
 *   address the name has is public (push-addresses.ts); the addresses it passes are the ones connected to;
 * - Node does not call `lookup` for an IP literal, so `createConnection` refuses those unless public
 *   (rows saved before endpoints were checked as they are now may hold one);
 * - with PUSH_ALLOWED_HOSTS set, any host not on the list is refused before anything else.
 * A refusal is a PushEndpointRefused: push.service removes the subscription, since it can never work.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent, type RequestOptions } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Duplex } from 'node:stream';
import { isPublicAddress } from './push-addresses';

/** This endpoint will not be sent to, now or later. */
export class PushEndpointRefused extends Error {
  override name = 'PushEndpointRefused';
}

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Every address of a host name. */
export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface PushAgentOptions {
  /** PUSH_ALLOWED_HOSTS: only these hosts and their subdomains; any public host when empty */
  allowedHosts?: readonly string[];
  /** how names are resolved (tests give a table); the system's resolver, as Node uses, by default */
  resolve?: Resolve;
  /**
   * Tests only, and never read from the environment: addresses taken as public, so that pushes reach a
   * local fake push service on 127.0.0.1 through the same checks as everything else.
   */
  testAddresses?: readonly string[];
}

/** The host itself or a subdomain of an entry of the list; every host when the list is empty. */
export function hostAllowed(hostname: string, allowedHosts: readonly string[]): boolean {
  if (allowedHosts.length === 0) return true;
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return allowedHosts.some((entry) => host === entry || host.endsWith(`.${entry}`));
}

export class PushAgent extends Agent {
  private readonly allowedHosts: readonly string[];
  private readonly testAddresses: ReadonlySet<string>;

  constructor(opts: PushAgentOptions = {}) {
    const testAddresses = new Set(opts.testAddresses ?? []);
    const allowedAddress = (address: string) => testAddresses.has(address) || isPublicAddress(address);
    super({ lookup: publicOnlyLookup(opts.resolve ?? systemResolve, allowedAddress) });
    this.allowedHosts = opts.allowedHosts ?? [];
    this.testAddresses = testAddresses;
  }

  /** Why a connection to this host is refused before it is resolved, or null. */
  refusal(host: string): PushEndpointRefused | null {
    if (!hostAllowed(host, this.allowedHosts)) return new PushEndpointRefused(`${host} is not in PUSH_ALLOWED_HOSTS`);
    if (isIP(host) && !this.testAddresses.has(host) && !isPublicAddress(host)) return new PushEndpointRefused(`${host} is not a public address`);
    return null;
  }

  override createConnection(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    const refused = this.refusal(String(options.host ?? options.hostname ?? ''));
    if (refused) {
      // the agent hands the error to the request, which fails with it before any socket exists
      if (!callback) throw refused;
      callback(refused, undefined as unknown as Duplex);
      return undefined;
    }
    return this.connect(options, callback);
  }

  /** Opens the connection once the host has passed: TLS (the tests' fake push service speaks plain TCP). */
  protected connect(options: RequestOptions, callback?: (err: Error | null, stream: Duplex) => void): Duplex | null | undefined {
    return super.createConnection(options, callback);
  }
}

/**
 * A `lookup` for net.connect that resolves the name, refuses it when any of its addresses is not
 * allowed (a name with one public and one private address is not a push service), and otherwise
 * answers the addresses, so the connection goes to exactly what was checked.
 */
export function publicOnlyLookup(resolve: Resolve, allowedAddress: (address: string) => boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname)
      .then((answers) => {
        const bad = answers.find((a) => !allowedAddress(a.address));
        if (bad) throw new PushEndpointRefused(`${hostname} resolves to ${bad.address}, which is not a public address`);
        const wanted = options.family === 4 || options.family === 6 ? answers.filter((a) => a.family === options.family) : answers;
        if (wanted.length === 0) throw Object.assign(new Error(`${hostname} has no usable address`), { code: 'ENOTFOUND' });
        return wanted;
      })
      .then(
        (wanted) => (options.all ? callback(null, wanted) : callback(null, wanted[0]!.address, wanted[0]!.family)),
        (err: NodeJS.ErrnoException) => callback(err, ''),
      );
  };
}
