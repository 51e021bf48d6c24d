import { describe, expect, it } from 'vitest';
import { linkOrigin, ownOrigin } from './site-url.ts';

describe('linkOrigin', () => {
  it('accepts loopback addresses when no public address is configured', () => {
    expect(linkOrigin([], 'http://localhost:8080/signup')).toBe('http://localhost:8080');
    expect(linkOrigin([], 'http://127.0.0.1:5301')).toBe('http://127.0.0.1:5301');
  });
  it('refuses any other site, so a token never leaves the portal', () => {
    expect(() => linkOrigin([], 'https://evil.example/reset')).toThrow('siteUrl is not an address of this portal');
    expect(() => linkOrigin(['https://portal.example.com'], 'http://localhost:8080')).toThrow();
    expect(() => linkOrigin(['https://portal.example.com'], 'https://portal.example.com.evil.example')).toThrow();
  });
  it('accepts the configured public addresses', () => {
    expect(linkOrigin(['https://portal.example.com'], 'https://portal.example.com/forgot-password')).toBe('https://portal.example.com');
  });
});

describe('ownOrigin', () => {
  it('is the first public address, else the server’s own loopback address', () => {
    expect(ownOrigin({ publicUrls: ['https://portal.example.com', 'https://b.example.com'], port: 8080 })).toBe('https://portal.example.com');
    expect(ownOrigin({ publicUrls: [], port: 9090 })).toBe('http://localhost:9090');
  });
});
