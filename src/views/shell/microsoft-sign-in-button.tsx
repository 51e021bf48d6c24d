import { Button } from '@mantine/core';
import { IconBrandWindows } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { microsoftSignInMachine } from '../../machines/shell/microsoft-sign-in.ts';
import { useSystemActorRef } from './actor-contexts.ts';
import { FailureDialog } from './failure-dialog.tsx';

/** 'Sign in with Microsoft' on the login page; renders nothing unless the server has Microsoft settings. */
export function MicrosoftSignInButton() {
  // A successful sign-in goes to the auth-routing actor, as a password login does.
  const signIn = useSystemActorRef(microsoftSignInMachine);
  const shown = useSelector(signIn, (s) => s.context.config !== null);
  const busy = useSelector(signIn, (s) => s.matches('signingIn') || s.matches('exchanging') || s.matches('success'));
  const failure = useSelector(signIn, (s) => s.context.failure);
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
