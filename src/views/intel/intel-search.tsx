import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/** A search box applied by its button or Enter (spec §4: search applies on an action). */
export function SearchBox({ applied, placeholder, onApply }: { applied: string; placeholder: string; onApply: (search: string) => void }) {
  const [draft, setDraft] = useState(applied);
  return (
    <Group gap="xs" wrap="nowrap" w={{ base: '100%', sm: 'auto' }}>
      <TextInput
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && onApply(draft)}
        placeholder={placeholder}
        aria-label={placeholder}
        leftSection={<IconSearch size={14} />}
        flex={{ base: 1, sm: 'none' }}
        w={{ sm: 340 }}
      />
      <Button variant="light" onClick={() => onApply(draft)}>
        Search
      </Button>
    </Group>
  );
}
