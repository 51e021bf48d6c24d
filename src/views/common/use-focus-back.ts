import { useEffect, useState } from 'react';

/**
 * For a dialog that is mounted to open and unmounted to close: Mantine gives focus back only when
 * a mounted dialog's `opened` turns false. This keeps what had focus when the dialog first
 * rendered (before its focus trap moves in) and focuses it again when the dialog goes away.
 */
export function useFocusBack() {
  const [opener] = useState(() => (typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null)));
  useEffect(
    () => () => {
      // After the dialog's own cleanup, or its focus trap would take focus back.
      requestAnimationFrame(() => {
        if (opener?.isConnected) opener.focus();
      });
    },
    [opener],
  );
}
