// TRUST_PROXY is checked once at start: a value Fastify would misread stops the start with a clear message.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

const load = (TRUST_PROXY?: string) => loadConfig({ TRUST_PROXY }).TRUST_PROXY;

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default', () => {
    expect(load(undefined)).toBe(false);
    expect(load('')).toBe(false);
    expect(load('false')).toBe(false);
  });

  it('accepts true and lists of addresses, CIDRs and named ranges', () => {
    expect(load('true')).toBe(true);
    expect(load('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(load(' 10.0.0.0/8, 192.168.1.7 ,::1, fd00::/8,loopback ')).toEqual(['10.0.0.0/8', '192.168.1.7', '::1', 'fd00::/8', 'loopback']);
  });

  it.each([
    ['1', /hop count/],
    ['yes', /'yes' is not true, false or a comma-separated list/],
    ['10.0.0.0/33', /'10.0.0.0\/33'/],
    ['10.0.0.1,example.com', /'example.com'/],
    ['::1/129', /'::1\/129'/],
    ['10.0.0.0/8/1', /'10.0.0.0\/8\/1'/],
  ])('refuses %j', (value, message) => {
    expect(() => load(value)).toThrow(/^Invalid environment variable TRUST_PROXY: /);
    expect(() => load(value)).toThrow(message);
  });
});
