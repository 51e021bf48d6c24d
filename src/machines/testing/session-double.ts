import { createActor, type AnyActorRef } from 'xstate';
import { memoryPageStore } from '../../services/page-store.ts';
import { joinAppSystem } from './join-app-system.ts';
import { sessionMemoryMachine } from '../session/session-memory.ts';

/**
 * A real session memory for a machine under test: `join` it to the actor before that starts, then
 * read what the machine told it (and the header the API client would send).
 */
export function testSession() {
  const pages = memoryPageStore();
  let provider = (): Record<string, string> => ({});
  const memory = createActor(sessionMemoryMachine, {
    systemId: 'session',
    input: { pages, api: { setHeaderProvider: (next) => void (provider = next) } },
  }).start();
  return {
    memory,
    pages,
    header: () => provider(),
    join: (actor: AnyActorRef) => joinAppSystem(memory, actor),
    context: () => memory.getSnapshot().context,
  };
}
