import {
  IconBulb,
  IconCreditCard,
  IconFileInvoice,
  IconLayoutDashboard,
  IconReceiptTax,
  IconSettings,
  IconTelescope,
} from '@tabler/icons-react';
import type { MenuIcon as MenuIconName } from '../../model/routes.ts';

const ICONS = {
  dashboard: IconLayoutDashboard,
  intel: IconBulb,
  rebates: IconReceiptTax,
  insights: IconTelescope,
  invoice: IconFileInvoice,
  payment: IconCreditCard,
  settings: IconSettings,
} satisfies Record<MenuIconName, unknown>;

export function MenuIcon({ name }: { name: MenuIconName }) {
  const Icon = ICONS[name];
  return <Icon size={20} stroke={1.6} aria-hidden />;
}
