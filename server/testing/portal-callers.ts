// Logged-in demo users for server tests: a token each, and helpers that call the API as them.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { DEMO_PASSWORD } from '../seed/users.ts';

let ip = 0;

export async function loginToken(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST', url: '/api/auth/login', payload: { email, password: DEMO_PASSWORD }, remoteAddress: `10.9.${++ip >> 8}.${ip & 255}`,
  });
  if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
  return res.json().authKey;
}

/** Calls the API as the token's user; `viewAs` sends the X-View-As header. */
export function callAs(app: FastifyInstance, token: string, viewAs?: number) {
  const headers = { authorization: `Bearer ${token}`, ...(viewAs !== undefined ? { 'x-view-as': String(viewAs) } : {}) };
  return {
    get: (url: string) => app.inject({ method: 'GET', url: `/api${url}`, headers }),
    post: (url: string, payload?: InjectOptions['payload']) =>
      app.inject({ method: 'POST', url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload }) }),
  };
}
export type Caller = ReturnType<typeof callAs>;
