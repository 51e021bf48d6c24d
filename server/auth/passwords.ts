import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP-recommended cost parameters.
export const hashPassword = (password: string): Promise<string> => hash(password);

// Checked when there is no stored hash, so an unknown email costs the same time as a known one
// and login timing does not tell which accounts exist.
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    decoyHash ??= hash('decoy password that no account has');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
}
