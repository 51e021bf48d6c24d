import { Button, Checkbox, Group, Popover, ScrollArea, Stack } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';

/**
 * A multi-select whose button says what is chosen ('All Categories', 'n Categories Selected'):
 * a list of checkboxes in a popover, worked with Tab and Space like any form.
 */
export function CheckMenu({ label, text, options, value, onChange }: {
  /** What a screen reader hears for the button, e.g. 'Categories'. */
  label: string;
  text: string;
  options: readonly { value: string; label: string }[];
  value: readonly string[];
  onChange: (value: string[]) => void;
}) {
  return (
    <Popover position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} />} aria-label={`${label}: ${text}`}>
          {text}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <ScrollArea.Autosize mah={260} type="auto">
            <Checkbox.Group value={[...value]} onChange={onChange} aria-label={label}>
              <Stack gap={6} pr="sm">
                {options.map((o) => <Checkbox key={o.value} value={o.value} label={o.label} size="sm" />)}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button size="compact-xs" variant="subtle" disabled={value.length === 0} onClick={() => onChange([])}>
              Clear
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
