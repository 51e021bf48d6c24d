import { Anchor, Button, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PublicCard } from './form-bits.tsx';

/** The ways on from the public account screens: a full-width button, a small centred link, a result card. */

/** The full-width button that leads on from an outcome (to Login, to Forgot Password). */
export function NextButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={Link} to={to} fullWidth>
      {children}
    </Button>
  );
}

/** The small centred link under a form, e.g. "Already have an account? Login". */
export function CardLink({ to, lead, children }: { to: string; lead?: string; children: ReactNode }) {
  return (
    <Text size="sm" ta="center">
      {lead && `${lead} `}
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Text>
  );
}

/** The link under the sign-up and set-password forms. */
export const AlreadyHaveAccount = () => (
  <CardLink to="/login" lead="Already have an account?">
    Login
  </CardLink>
);

/** A public card that only reports an outcome, then leads on with one button. */
export function ResultCard({ title, to, action, children }: { title: string; to: string; action: string; children: ReactNode }) {
  return (
    <PublicCard title={title}>
      {children}
      <NextButton to={to}>{action}</NextButton>
    </PublicCard>
  );
}
