import { LoadingOverlay } from '@mantine/core';
import { selectSpinnerVisible } from '../../machines/shell/selectors.ts';
import { SpinnerActor } from '../../app-actor.ts';

export function SpinnerOverlay() {
  const visible = SpinnerActor.useSelector(selectSpinnerVisible);
  // aria-busy: calls are running, which is also what browser tests wait out before they look.
  return <LoadingOverlay visible={visible} aria-busy={visible} pos="fixed" zIndex={1000} overlayProps={{ blur: 1, backgroundOpacity: 0.2 }} />;
}
