import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP-recommended cost parameters.
export const hashPassword = (password: string): Promise<string> => hash(password);

export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) return false;
  try {
    return await verify(storedHash, password);
  } catch {
    return false; // a malformed stored hash never logs anyone in
  }
}
