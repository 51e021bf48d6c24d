import { Button, Flex, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';

/**
 * A search box applied by its button or Enter (spec §4: search applies on an action). `label` names
 * it (its icon says "search"); the placeholder is short enough to show whole, on a phone too, where
 * the button goes under the box.
 */
export function SearchBox({ applied, label, placeholder, onApply }: { applied: string; label: string; placeholder: string; onApply: (search: string) => void }) {
  const [draft, setDraft] = useState(applied);
  return (
    <Flex gap="xs" direction={{ base: 'column', xs: 'row' }} w={{ base: '100%', sm: 'auto' }}>
      <TextInput
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => e.key === 'Enter' && onApply(draft)}
        placeholder={placeholder}
        aria-label={label}
        leftSection={<IconSearch size={14} />}
        flex={{ base: 'none', xs: 1, sm: 'none' }}
        w={{ sm: 340 }}
      />
      <Button variant="light" onClick={() => onApply(draft)}>
        Search
      </Button>
    </Flex>
  );
}
