import { sendTo, type ActionFunction, type AnyActorRef, type ActorSystem, type ActorSystemInfo, type EventObject, type MachineContext } from 'xstate';
import type { Notice } from '../../model/notices.ts';
import type { AuthRoutingEvent } from './auth-events.ts';
import type { NoticesEvent } from './notices.ts';
import type { SessionMemoryEvent } from '../session/session-memory.ts';

/**
 * The system ids of the app-wide actors (./app.ts). A machine created in the app's actor system
 * reaches them through these; outside it (a unit test) the lookup finds nothing and XState hands
 * the event to the machine itself, which ignores it.
 */
export type SystemId = 'auth' | 'notices' | 'spinner' | 'session';

// Not found (no app system): XState then sends to the machine itself, see above.
const systemActor = (id: SystemId) => ({ system }: { system: ActorSystem<ActorSystemInfo> }) => system.get(id) as AnyActorRef;

/** An action of any machine (its types come from where it is used) sending to a system actor. */
type SystemSend<P> = <TContext extends MachineContext, TExpressionEvent extends EventObject, TEvent extends EventObject>() =>
  ActionFunction<TContext, TExpressionEvent, TEvent, P, never, never, never, never, never>;

const sendToSystem = <E extends EventObject>(id: SystemId) =>
  <P extends Record<string, unknown> | undefined>(event: (params: P) => E) =>
    (<TContext extends MachineContext, TExpressionEvent extends EventObject, TEvent extends EventObject>() =>
      sendTo<TContext, TExpressionEvent, P, AnyActorRef, TEvent>(systemActor(id), (_: unknown, params: P) => event(params))) as SystemSend<P>;

/** `sendToAuth((params) => event)()`: hands the event to the auth-routing actor (a login, a switch into a user's session, a new house). */
export const sendToAuth = sendToSystem<AuthRoutingEvent>('auth');

/** `sendToSession((params) => event)()`: tells the session memory what changed (View As, last page, fetched months). */
export const sendToSession = sendToSystem<SessionMemoryEvent>('session');

/** `sendToNotices((params) => event)()`: hands the event to the app-wide notices actor. */
export const sendToNotices = sendToSystem<NoticesEvent>('notices');

/**
 * Shows the machine's newest notice (`context.notice`, just set) in the app-wide notices area
 * (spec §8 messages). Machine ids restart when a page remounts; the area needs ids unique for the
 * session.
 */
export const showNotice = <TContext extends { notice: Notice | null }, TExpressionEvent extends EventObject, TEvent extends EventObject>() =>
  sendTo<TContext, TExpressionEvent, undefined, AnyActorRef, TEvent>(systemActor('notices'), ({ context }: { context: TContext }): NoticesEvent => {
    const notice = context.notice!;
    return { type: 'notices.added', notice: { ...notice, id: `${notice.id}-${Date.now()}` } };
  });
