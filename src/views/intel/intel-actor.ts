import { createActorContext } from '@xstate/react';
import { intelMachine } from '../../machines/intel/intel.ts';

/** The Intel section's actor, shared by its header and its pages (what they show: machines/intel/selectors.ts). */
export const IntelActor = createActorContext(intelMachine);
