import { afterEach, describe, expect, it, vi } from 'vitest';
import { tokenSigner } from './tokens.ts';

describe('auth keys', () => {
  afterEach(() => void vi.useRealTimers());

  it('a key checked once is still refused when it expires, and a tampered key never passes', async () => {
    // Only Date is faked (the signer and jose read the time from it); the crypto stays real.
    vi.useFakeTimers({ toFake: ['Date'] });
    const signer = tokenSigner('a-test-secret-long-enough-for-hs256');
    const claims = { userId: 7, sessionId: 'session-1' };
    const token = await signer.sign(claims, new Date(Date.now() + 2000));
    expect(await signer.verify(token)).toEqual(claims);
    expect(await signer.verify(token)).toEqual(claims); // from the checked keys
    expect(await signer.verify(`${token.slice(0, -2)}xx`)).toBeNull();
    expect(await tokenSigner('another-secret-long-enough-for-hs256').verify(token)).toBeNull();
    vi.setSystemTime(Date.now() + 2100);
    expect(await signer.verify(token)).toBeNull();
  });
});
