import { Select } from '@mantine/core';
import { HouseInput } from '../common/house-input.tsx';
import { RangeInput } from '../common/range-input.tsx';
import { DashboardActor } from './dashboard-actor.ts';
import { selectHouseSelectView, selectLocationSelectView, selectRange, selectViewAsView } from '../../machines/dashboard/selectors.ts';
import { sameView } from '../../machines/shell/selectors.ts';

export function HouseSelect() {
  const actor = DashboardActor.useActorRef();
  const { houses, activeId, disabled } = DashboardActor.useSelector(selectHouseSelectView, sameView);
  return (
    <HouseInput
      houses={houses}
      activeId={activeId}
      disabled={disabled}
      onSelect={(distributorId) => actor.send({ type: 'dashboard.distributorSelected', distributorId })}
    />
  );
}

/** Admin and Leadership see the portal as one of the house's users; choosing oneself ends it. */
export function ViewAsSelect() {
  const actor = DashboardActor.useActorRef();
  const { options, value, disabled } = DashboardActor.useSelector(selectViewAsView, sameView);
  return (
    <Select
      label="View As"
      data={options}
      value={value}
      onChange={(v) => actor.send({ type: 'dashboard.viewAsChanged', userId: v === null ? null : Number(v) })}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No users"
      disabled={disabled}
      w={{ base: '100%', sm: 250 }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function LocationSelect() {
  const actor = DashboardActor.useActorRef();
  const { options, value, disabled } = DashboardActor.useSelector(selectLocationSelectView, sameView);
  return (
    <Select
      label="Location"
      placeholder="All Locations"
      data={options}
      value={value}
      onChange={(v) => actor.send({ type: 'dashboard.locationSelected', merchantId: v === null ? null : Number(v) })}
      clearable
      searchable
      nothingFoundMessage="No locations"
      disabled={disabled}
      w={{ base: '100%', sm: 230 }}
    />
  );
}

export function RangePicker() {
  const actor = DashboardActor.useActorRef();
  const range = DashboardActor.useSelector(selectRange);
  return <RangeInput range={range} onChange={(r) => actor.send({ type: 'dashboard.rangeChanged', range: r })} />;
}
