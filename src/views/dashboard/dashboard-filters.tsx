import { Select } from '@mantine/core';
import { HouseInput } from '../common/house-input.tsx';
import { RangeInput } from '../common/range-input.tsx';
import { DashboardActor } from './dashboard-actor.ts';
import {
  selectActiveDistributor,
  selectHouses,
  selectLocation,
  selectMerchants,
  selectRange,
  selectSwitching,
  selectViewAsUsers,
  selectViewer,
} from '../../machines/dashboard/selectors.ts';

export function HouseSelect() {
  const actor = DashboardActor.useActorRef();
  const houses = DashboardActor.useSelector(selectHouses);
  const active = DashboardActor.useSelector(selectActiveDistributor);
  const switching = DashboardActor.useSelector(selectSwitching);
  return (
    <HouseInput
      houses={houses}
      activeId={active?.id ?? null}
      disabled={switching}
      onSelect={(distributorId) => actor.send({ type: 'dashboard.distributorSelected', distributorId })}
    />
  );
}

/** Admin and Leadership see the portal as one of the house's users; choosing oneself ends it. */
export function ViewAsSelect() {
  const actor = DashboardActor.useActorRef();
  const users = DashboardActor.useSelector(selectViewAsUsers);
  const viewer = DashboardActor.useSelector(selectViewer);
  const switching = DashboardActor.useSelector(selectSwitching);
  return (
    <Select
      label="View As"
      data={users.map((u) => ({ value: String(u.id), label: u.title ? `${u.contactName} (${u.title})` : u.contactName }))}
      value={viewer === null ? null : String(viewer)}
      onChange={(v) => actor.send({ type: 'dashboard.viewAsChanged', userId: v === null ? null : Number(v) })}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No users"
      disabled={switching || users.length === 0}
      w={{ base: '100%', sm: 250 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function LocationSelect() {
  const actor = DashboardActor.useActorRef();
  const merchants = DashboardActor.useSelector(selectMerchants);
  const selected = DashboardActor.useSelector(selectLocation);
  return (
    <Select
      label="Location"
      placeholder="All Locations"
      data={merchants.map((m) => ({ value: String(m.id), label: m.merchant }))}
      value={selected === null ? null : String(selected)}
      onChange={(v) => actor.send({ type: 'dashboard.locationSelected', merchantId: v === null ? null : Number(v) })}
      clearable
      searchable
      nothingFoundMessage="No locations"
      disabled={merchants.length === 0}
      w={{ base: '100%', sm: 230 }}
    />
  );
}

export function RangePicker() {
  const actor = DashboardActor.useActorRef();
  const range = DashboardActor.useSelector(selectRange);
  return <RangeInput range={range} onChange={(r) => actor.send({ type: 'dashboard.rangeChanged', range: r })} />;
}
