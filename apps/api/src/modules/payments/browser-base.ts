import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';

const HOST = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9-]+(?:\.[a-z0-9-]+)*))(?::(\d{1,5}))?$/i;

function first(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text?.split(',')[0]?.trim() || undefined;
}

/** A host a shopper's browser plausibly reaches a shop outside production on. */
function plausibleHost(hostname: string, config: AppConfig): boolean {
  const name = hostname.toLowerCase();
  if (isIP(name)) return true;
  if (name === 'localhost' || name.endsWith('.localhost') || name.endsWith('.local')) return true;
  return name === new URL(config.publicUrl).hostname.toLowerCase();
}

/**
 * The shop's base URL as this shopper's browser reached it, for the addresses the browser is sent
 * to (the wallet simulators' pages, the wallet returns). Only outside production, and only for a
 * plausible host (an IP address, localhost, a .local name, PUBLIC_URL's host): a phone on the LAN
 * address then posts the eSewa form to its own origin, which the CSP's form-action 'self' allows.
 * In production (and for anything else) undefined: PUBLIC_URL, never the Host header.
 * X-Forwarded-Host/-Proto are read too, as the Vite dev server's proxy sends them.
 */
export function browserBaseOf(request: FastifyRequest, config: AppConfig): string | undefined {
  if (config.env === 'production') return undefined;
  const host = first(request.headers['x-forwarded-host']) ?? first(request.headers.host);
  const match = host ? HOST.exec(host) : null;
  if (!host || !match) return undefined;
  const hostname = match[1] ?? match[2];
  if (match[3] !== undefined && Number(match[3]) > 65_535) return undefined;
  if (!plausibleHost(hostname, config)) return undefined;
  const proto = first(request.headers['x-forwarded-proto']) ?? request.protocol;
  if (proto !== 'http' && proto !== 'https') return undefined;
  return `${proto}://${host.toLowerCase()}`;
}
