import { Alert, Button, Checkbox, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { digestPreferencesMachine } from '../../machines/digest/digest-preferences.ts';
import { selectPreferencesForm } from '../../machines/digest/selectors.ts';
import type { DigestFrequency } from '../../model/digest.ts';

const FREQUENCIES: { value: DigestFrequency; label: string }[] = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'daily', label: 'Daily' },
  { value: 'off', label: 'Off' },
];

/** Settings → Win-back digest (docs/digest.md): how often and which sections; renders the machine's state only. */
export function DigestPreferencesCard({ actor }: { actor: ActorRefFrom<typeof digestPreferencesMachine> }) {
  const form = useSelector(actor, selectPreferencesForm);
  return (
    <Paper withBorder p="lg" mt="md" aria-labelledby="digest-title">
      <Title order={2} size="h4" mb="sm" id="digest-title">
        Win-back digest
      </Title>
      {form.loading && <Loader size="sm" aria-label="Loading digest preferences" />}
      {form.loadFailed && (
        <Alert color="red" title="Could not load your digest preferences">
          <Group justify="space-between">
            <Text size="sm">{form.failure}</Text>
            <Button size="compact-sm" variant="light" onClick={() => actor.send({ type: 'prefs.retried' })}>
              Try again
            </Button>
          </Group>
        </Alert>
      )}
      {!form.loading && !form.loadFailed && (
        <form noValidate aria-label="Win-back digest" onSubmit={(e) => { e.preventDefault(); actor.send({ type: 'prefs.submitted' }); }}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              An email at 07:00 ({form.timeZone}) with the merchants buying more from competitors, the top win-back
              opportunities, new rebate checks and overpaid invoice lines.
            </Text>
            <SegmentedControl
              aria-label="How often"
              data={FREQUENCIES}
              value={form.frequency}
              onChange={(value) => actor.send({ type: 'prefs.frequencyChanged', frequency: value as DigestFrequency })}
            />
            <Checkbox.Group label="Sections" value={form.sections.filter((s) => s.checked).map((s) => s.key)}>
              <Stack gap={6} mt={4}>
                {form.sections.map((s) => (
                  <Checkbox key={s.key} value={s.key} label={s.label} disabled={form.sectionsDisabled}
                    onChange={() => actor.send({ type: 'prefs.sectionToggled', section: s.key })} />
                ))}
              </Stack>
            </Checkbox.Group>
            {form.failure && <Text c="red.8" size="sm" role="alert">{form.failure}</Text>}
            {form.saved && <Text c="teal.9" size="sm" role="status">{form.saved}</Text>}
            <Group justify="flex-end">
              <Button type="submit" loading={form.saving}>Save preferences</Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
}
