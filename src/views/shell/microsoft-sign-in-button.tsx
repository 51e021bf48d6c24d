import { Button } from '@mantine/core';
import { IconBrandWindows } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { microsoftSignInMachine } from '../../machines/shell/microsoft-sign-in.ts';
import { sameView, selectMicrosoftView } from '../../machines/shell/selectors.ts';
import { FailureDialog } from './failure-dialog.tsx';

/** 'Sign in with Microsoft' on the login page; renders nothing unless the server has Microsoft settings. */
export function MicrosoftSignInButton({ signIn }: { signIn: ActorRefFrom<typeof microsoftSignInMachine> }) {
  // A successful sign-in goes to the auth-routing actor, as a password login does.
  const { shown, busy, failure } = useSelector(signIn, selectMicrosoftView, sameView);
  if (!shown) return null;

  return (
    <>
      <Button
        variant="default"
        fullWidth
        leftSection={<IconBrandWindows size={18} aria-hidden />}
        loading={busy}
        onClick={() => signIn.send({ type: 'microsoft.clicked' })}
      >
        Sign in with Microsoft
      </Button>
      <FailureDialog title="Microsoft sign-in failed" message={failure} onClose={() => signIn.send({ type: 'microsoft.dialogClosed' })} />
    </>
  );
}
