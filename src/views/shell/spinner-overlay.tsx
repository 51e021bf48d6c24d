import { LoadingOverlay } from '@mantine/core';
import { SpinnerActor } from './actor-contexts.ts';

export function SpinnerOverlay() {
  const visible = SpinnerActor.useSelector((s) => s.matches('visible'));
  return <LoadingOverlay visible={visible} pos="fixed" zIndex={1000} overlayProps={{ blur: 1, backgroundOpacity: 0.2 }} />;
}
