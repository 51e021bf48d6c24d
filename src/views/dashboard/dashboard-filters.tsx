import { Select } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useState } from 'react';
import { fromIsoDate, toIsoDate } from '../../model/date-range.ts';
import {
  DashboardActor,
  selectActiveDistributor,
  selectHouses,
  selectLocation,
  selectMerchants,
  selectRange,
  selectSwitching,
  selectViewAsUsers,
  selectViewer,
} from './dashboard-actor.ts';

export function HouseSelect() {
  const actor = DashboardActor.useActorRef();
  const houses = DashboardActor.useSelector(selectHouses);
  const active = DashboardActor.useSelector(selectActiveDistributor);
  const switching = DashboardActor.useSelector(selectSwitching);
  return (
    <Select
      label="House"
      data={houses.map((h) => ({ value: String(h.id), label: h.nickname }))}
      value={active ? String(active.id) : null}
      onChange={(v) => v && actor.send({ type: 'dashboard.distributorSelected', distributorId: Number(v) })}
      disabled={switching || houses.length === 0}
      allowDeselect={false}
      w={{ base: '100%', sm: 200 }}
      comboboxProps={{ withinPortal: true }}
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
  // The picker holds a half-chosen range locally; the machine only hears about complete ones.
  const [draft, setDraft] = useState<DatesRangeValue>([fromIsoDate(range.startDate), fromIsoDate(range.endDate)]);
  // A range set by the machine (a house switch, a refused range) replaces the draft, during render.
  const [drafted, setDrafted] = useState(range);
  if (drafted !== range) {
    setDrafted(range);
    setDraft([fromIsoDate(range.startDate), fromIsoDate(range.endDate)]);
  }
  return (
    <DatePickerInput
      type="range"
      label="Date range"
      value={draft}
      onChange={(value) => {
        setDraft(value);
        const [start, end] = value;
        if (start && end) actor.send({ type: 'dashboard.rangeChanged', range: { startDate: toIsoDate(start), endDate: toIsoDate(end) } });
      }}
      valueFormat="MM/DD/YYYY"
      allowSingleDateInRange
      w={{ base: '100%', sm: 250 }}
    />
  );
}
