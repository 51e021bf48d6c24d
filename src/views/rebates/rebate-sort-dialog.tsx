import { Button, Modal, Stack } from '@mantine/core';
import { IconArrowsSort, IconCheck } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { rebatesScreenMachine } from '../../machines/rebates/rebates-screen.ts';
import { sameView, selectSortDialogView } from '../../machines/rebates/selectors.ts';

/**
 * The phone's sort (analytics spec §2): a Sort by button naming the applied sort, opening a dialog
 * of the sorts; a choice applies and closes it. Keyboard: Tab between the choices (focus starts on
 * the applied one), Enter or Space chooses, Escape closes; focus goes back to the button.
 */
export function RebateSortBy({ page }: { page: ActorRefFrom<typeof rebatesScreenMachine> }) {
  const { opened, current, choices } = useSelector(page, selectSortDialogView, sameView);
  return (
    <>
      <Button
        variant="default"
        fullWidth
        justify="space-between"
        rightSection={<IconArrowsSort size={16} aria-hidden />}
        aria-haspopup="dialog"
        onClick={() => page.send({ type: 'rebatesScreen.sortOpened' })}
      >
        Sort by: {current}
      </Button>
      <Modal opened={opened} onClose={() => page.send({ type: 'rebatesScreen.sortClosed' })} title="Sort by" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        <Stack gap={4} role="group" aria-label="Sorts">
          {choices.map((c) => (
            <Button
              key={`${c.sort}:${c.order}`}
              variant={c.chosen ? 'light' : 'subtle'}
              color={c.chosen ? undefined : 'dark'}
              justify="flex-start"
              fullWidth
              size="md"
              aria-pressed={c.chosen}
              data-autofocus={c.chosen || undefined}
              leftSection={c.chosen ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />}
              onClick={() => page.send({ type: 'rebatesScreen.sortChanged', sort: { sort: c.sort, order: c.order } })}
            >
              {c.label}
            </Button>
          ))}
        </Stack>
      </Modal>
    </>
  );
}
