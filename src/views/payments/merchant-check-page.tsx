import { Anchor, Breadcrumbs, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { checkDetailsMachine } from '../../machines/payments/check-details.ts';
import { selectDetailsQuarters as selectQuarters, selectDetailsTimeframe as selectTimeframe } from '../../machines/payments/selectors.ts';
import { AuthActor } from '../shell/actor-contexts.ts';
import { selectUser } from '../../machines/shell/selectors.ts';
import { CheckDetailsView } from './check-details-view.tsx';

/** /paymentinformation/{merchantid}/{merchant}: one merchant's check, quarter by quarter. */
export function MerchantCheckPage() {
  const { merchantid, merchant } = useParams();
  const id = Number(merchantid);
  if (!Number.isInteger(id) || id < 1) return <Navigate to="/paymentinformation/list" replace />;
  return <MerchantChecks key={id} merchantId={id} name={merchant ?? ''} />;
}

function MerchantChecks({ merchantId, name }: { merchantId: number; name: string }) {
  const distributorId = AuthActor.useSelector((s) => selectUser(s)?.activeDistributor?.id ?? null);
  const actor = useActorRef(checkDetailsMachine, { input: { merchantId, timeframe: null, distributorId } });
  const quarters = useSelector(actor, selectQuarters);
  const timeframe = useSelector(actor, selectTimeframe);
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
