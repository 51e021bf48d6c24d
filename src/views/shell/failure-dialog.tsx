import { lazy, Suspense } from 'react';
import type { FailureDialogProps } from './failure-dialog-modal.tsx';

// The modal (with its scroll area and focus trap, ~25 KB gzip) is loaded only when a login fails:
// the login page's own JavaScript stays within its budget (scripts/bundle-budget.ts).
const FailureDialogModal = lazy(() => import('./failure-dialog-modal.tsx'));

/** The login page's failure dialog: shown while `message` is not null. */
export function FailureDialog({ message, ...props }: Omit<FailureDialogProps, 'message'> & { message: string | null }) {
  if (message === null) return null;
  return (
    <Suspense fallback={null}>
      <FailureDialogModal message={message} {...props} />
    </Suspense>
  );
}
