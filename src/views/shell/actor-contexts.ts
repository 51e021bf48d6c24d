import { createActorContext } from '@xstate/react';
import { authRoutingMachine } from '../../machines/shell/auth-routing.ts';
import { spinnerMachine } from '../../machines/shell/spinner.ts';
import { noticesMachine } from '../../machines/shell/notices.ts';

/** App-wide actors, shared through React context and read with narrow selectors. */
export const AuthActor = createActorContext(authRoutingMachine);
export const SpinnerActor = createActorContext(spinnerMachine);
export const NoticesActor = createActorContext(noticesMachine);
