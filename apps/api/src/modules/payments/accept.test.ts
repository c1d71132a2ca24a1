import { describe, expect, test } from 'vitest';
import { acceptQuality, prefersJson } from './accept';

describe('Accept negotiation of the wallet returns', () => {
  test('browsers and header-less clients follow the redirect', () => {
    expect(prefersJson('text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,*/*;q=0.8')).toBe(
      false,
    );
    expect(prefersJson(undefined)).toBe(false);
    expect(prefersJson('*/*')).toBe(false);
    expect(prefersJson('application/json, text/html')).toBe(false);
  });

  test('a client that ranks JSON above HTML gets JSON', () => {
    expect(prefersJson('application/json')).toBe(true);
    expect(prefersJson('application/json, text/plain, */*')).toBe(true);
    expect(prefersJson('text/html;q=0.5, application/json')).toBe(true);
    expect(prefersJson('application/*')).toBe(true);
  });

  test('the most specific range decides a quality; q=0 refuses', () => {
    expect(acceptQuality('application/*;q=0.2, application/json;q=0.7', 'application/json')).toBe(0.7);
    expect(acceptQuality('application/json;q=0, */*', 'application/json')).toBe(0);
    expect(prefersJson('application/json;q=0')).toBe(false);
    expect(acceptQuality('text/plain', 'application/json')).toBe(0);
  });
});
