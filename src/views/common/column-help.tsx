import { Group, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core';

/**
 * A column header with a short explanation behind a "?" beside it: on hover, on keyboard focus and
 * on a tap (a phone has no hover), and read out by screen readers after the header's name.
 */
export function ColumnHelp({ label, help }: { label: string; help: string }) {
  return (
    <Group gap={4} wrap="nowrap" component="span">
      <span>{label}</span>
      <Tooltip label={help} events={{ hover: true, focus: true, touch: true }} multiline w={260} withArrow>
        <UnstyledButton
          aria-label={`About ${label}`}
          data-testid={`help-${label}`}
          onClick={(e) => e.stopPropagation()}
          fz="xs"
          fw={700}
          c="dimmed"
          style={{ border: '1px solid currentColor', borderRadius: '50%', width: 16, height: 16, lineHeight: '14px', textAlign: 'center', flex: 'none' }}
        >
          ?<VisuallyHidden>{help}</VisuallyHidden>
        </UnstyledButton>
      </Tooltip>
    </Group>
  );
}
