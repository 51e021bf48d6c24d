import { Anchor, Breadcrumbs, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { checkDetailsMachine } from '../../machines/payments/check-details.ts';
import type { merchantCheckPageMachine } from '../../machines/payments/merchant-checks.ts';
import { selectQuartersView, selectMerchantCheckView } from '../../machines/payments/selectors.ts';
import { OwnedPage } from '../shell/owned-page.tsx';
import { CheckDetailsView } from './check-details-view.tsx';
import { sameView } from '../../machines/shell/selectors.ts';

/** /paymentinformation/{merchantid}/{merchant}: one merchant's check, quarter by quarter (its machine: the app's root actor runs it). */
export function MerchantCheckPage() {
  return <OwnedPage page="paymentMerchant">{(page) => <MerchantChecks page={page} />}</OwnedPage>;
}

function MerchantChecks({ page }: { page: ActorRefFrom<typeof merchantCheckPageMachine> }) {
  const { name, details } = useSelector(page, selectMerchantCheckView, sameView);
  // None while on its way to the list (a malformed merchant id).
  if (!details) return null;
  return <MerchantCheck name={name} actor={details} />;
}

function MerchantCheck({ name, actor }: { name: string; actor: ActorRefFrom<typeof checkDetailsMachine> }) {
  const { quarters, timeframe } = useSelector(actor, selectQuartersView, sameView);
  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/paymentinformation/list">
          Payment Information
        </Anchor>
        <Text>{name}</Text>
      </Breadcrumbs>
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={1} size="h2">
          {name}
        </Title>
        <Select label="Quarter" data={quarters} value={timeframe} allowDeselect={false} w={180}
          onChange={(v) => v && actor.send({ type: 'details.quarterChanged', timeframe: v })} />
      </Group>
      <Card withBorder padding="md">
        <CheckDetailsView actor={actor} />
      </Card>
    </Stack>
  );
}
