import { Card, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { selectHouseWinBack } from '../../machines/insights/selectors.ts';
import { WithSection, type InsightsSectionRef } from './insights-page.tsx';
import { Loading } from './table-bits.tsx';
import { WinBackTable } from './win-back-table.tsx';

/** /competitiveinsights/winback: the whole visible house's win-back list, ranked by money at stake. */
export function HouseWinBackPage() {
  return <WithSection>{(section) => <HouseWinBack section={section} />}</WithSection>;
}

function HouseWinBack({ section }: { section: InsightsSectionRef }) {
  const list = useSelector(section, selectHouseWinBack);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <div>
          <Title order={2} size="h3">Win-back list</Title>
          <Text size="sm" c="dimmed">
            What your merchants bought from competitors, the similar item you carry that would replace each, and what it is worth.
          </Text>
        </div>
        {list ? <WinBackTable actor={list} scope={null} /> : <Loading />}
      </Stack>
    </Card>
  );
}
